/**
 * The user log as the console reads it (safety/list and the admin home): the accounts module's
 * table, read-only here. Rows are written by AccountService.log.
 */
import { sql } from 'drizzle-orm';
import { type DayZone, dayStartSql } from '../../../core/day-zone';
import type { ListSpec } from '../../../core/list/query';
import { plain, query } from '../../../core/sql';
import type { Db } from '../../../db';
import type { UserLogRow } from './schemas';

/** the id is a bigint, which the driver reads as a string */
const numericId = <T extends { id?: unknown }>(r: T): Omit<T, 'id'> & { id: number } => ({ ...r, id: Number(r.id) });

export const userLogList: ListSpec = {
  resource: 'user-logs',
  from: sql`user_logs l LEFT JOIN users u ON u.id = l.user_id`,
  columns: sql`l.id, l.user_id, coalesce(u.username, l.username) AS username, u.nickname, l.type, l.state, l.ip, l.ua, l.created_at`,
  search: [sql`l.username`, sql`u.username`, sql`u.nickname`, sql`l.type`, sql`l.ip`],
  filters: {
    type: { kind: 'eq', column: sql`l.type` },
    state: { kind: 'eq', column: sql`l.state`, type: 'int' },
    user_id: { kind: 'eq', column: sql`l.user_id` },
    created_at: { kind: 'range', column: sql`l.created_at` },
  },
  sorts: { created_at: sql`l.created_at` },
  defaultSort: { field: 'created_at', order: 'descend' },
  tiebreak: sql`l.id`,
  toRow: numericId,
  exportColumns: [
    { key: 'username', width: 20 },
    { key: 'nickname', width: 20 },
    { key: 'type', width: 14 },
    { key: 'state', width: 8 },
    { key: 'ip', width: 18 },
    { key: 'ua', width: 50 },
    { key: 'created_at', date: true, width: 20 },
  ],
};

export class UserLogService {
  constructor(
    private db: Db,
    private zone: DayZone,
  ) {}

  /** successful sign-ins since today began in the service's day zone */
  async todaySignIns(): Promise<number> {
    const tz = await this.zone.offsetMinutes();
    const [r] = await query<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM user_logs WHERE type = 'login' AND state = 1 AND created_at >= ${dayStartSql(tz)}`,
    );
    return r.n;
  }

  /** the newest entries, in the list's row shape */
  async recent(limit: number): Promise<UserLogRow[]> {
    const rows = await query<Omit<UserLogRow, 'id'> & { id: string }>(
      this.db,
      sql`SELECT ${userLogList.columns} FROM ${userLogList.from} ORDER BY l.created_at DESC, l.id DESC LIMIT ${limit}`,
    );
    return rows.map((r) => numericId(plain(r)));
  }
}
