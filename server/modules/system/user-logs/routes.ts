/** User logs (safety/list): newest first; needs READ_UNI_ID_LOG. Read-only. */
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import { ACCESS } from '../access';
import type { ListSpec } from '../../../core/list/query';
import { registerListRoutes } from '../../../core/list/routes';
import type { ModuleContext } from '../../services';

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
  toRow: (r) => ({ ...r, id: Number(r.id) }),
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

export async function userLogRoutes({ app, db }: ModuleContext) {
  // the UserLog row schema is the dashboard's (docs/api-contract.md)
  registerListRoutes(app, {
    base: '/api/system/user-logs',
    tags: ['system: user logs'],
    spec: userLogList,
    row: Type.Ref('UserLog'),
    db,
    access: { read: ACCESS.userLogs.read, delete: ACCESS.userLogs.read },
  });
}
