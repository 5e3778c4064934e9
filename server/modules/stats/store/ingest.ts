/**
 * Raw events: the ingest's writes (a COPY per flush, or one multi-row statement that skips
 * duplicates by ts + eid when the flush holds one; the app-days marked dirty for the rollup job in
 * the same transaction) and the daily partitions' upkeep.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { statDay } from '../../../../shared/stat';
import type { StatPools } from '../pools';
import { dropPartitionsBefore, ensurePartitions, utcDay } from './partitions';
import { LOCKS } from '../../../core/locks';

/** one raw record as stored: the receiver's checked form of a reported record */
export interface StatRow {
  ts: Date;
  /** the client's event id (de-duplicates retries), or one the receiver made */
  eid: string;
  appId: string;
  deviceId: string;
  uid: string | null;
  /** the client's session id */
  sid: string;
  /** STAT_KINDS code */
  kind: number;
  platform: string;
  channel: string;
  scene: string;
  version: string;
  os: string | null;
  deviceModel: string | null;
  screen: string | null;
  language: string | null;
  url: string | null;
  referrer: string | null;
  title: string | null;
  evKey: string | null;
  evValue: string | null;
  errHash: string | null;
  errMsg: string | null;
  errStack: string | null;
  orderNo: string | null;
  amountCents: number | null;
}

/** a row's identity in the raw table (its primary key) */
export const rowKey = (ts: Date | number | string, eid: string) => `${typeof ts === 'object' ? ts.getTime() : ts}|${eid}`;

export interface IngestStore {
  /** writes the rows and marks their app-days (in the tz) dirty, in one transaction; answers the rows new to the table */
  insert(rows: StatRow[], tz: number): Promise<number>;
  /** insert, answering per row whether it was new to the table (false: a duplicate of a stored row by ts + eid) */
  insertEach(rows: StatRow[], tz: number): Promise<boolean[]>;
  /** the appids of the app list (the apps reports may name) */
  appIds(): Promise<string[]>;
  /**
   * the partitions' upkeep (one instance at a time): today's and tomorrow's UTC days exist, days
   * wholly older than `retentionDays` are dropped; answers what it did (nothing when another
   * instance holds the lock)
   */
  maintain(retentionDays: number, now?: Date): Promise<{ ensured: string[]; dropped: string[] }>;
}

/**
 * The raw table's columns as the flush statement sends them, in two JSON parameters: the report
 * dimensions once per report (a report's rows share them), and each row with its report's index.
 */
type Column = [column: string, type: string, of: (r: StatRow) => unknown];
const REPORT_COLUMNS: Column[] = [
  ['app_id', 'text', (r) => r.appId],
  ['device_id', 'text', (r) => r.deviceId],
  ['uid', 'text', (r) => r.uid],
  ['platform', 'text', (r) => r.platform],
  ['channel', 'text', (r) => r.channel],
  ['scene', 'text', (r) => r.scene],
  ['version', 'text', (r) => r.version],
  ['os', 'text', (r) => r.os],
  ['device_model', 'text', (r) => r.deviceModel],
  ['screen', 'text', (r) => r.screen],
  ['language', 'text', (r) => r.language],
];
const ROW_COLUMNS: Column[] = [
  ['ms', 'int8', (r) => r.ts.getTime()],
  ['eid', 'text', (r) => r.eid],
  ['sid', 'text', (r) => r.sid],
  ['kind', 'int2', (r) => r.kind],
  ['url', 'text', (r) => r.url],
  ['referrer', 'text', (r) => r.referrer],
  ['title', 'text', (r) => r.title],
  ['ev_key', 'text', (r) => r.evKey],
  ['ev_value', 'text', (r) => r.evValue],
  ['err_hash', 'text', (r) => r.errHash],
  ['err_msg', 'text', (r) => r.errMsg],
  ['err_stack', 'text', (r) => r.errStack],
  ['order_no', 'text', (r) => r.orderNo],
  ['amount_cents', 'int4', (r) => r.amountCents],
];
const STORED = [...REPORT_COLUMNS, ...ROW_COLUMNS.slice(1)].map((c) => c[0]);

/**
 * One statement per flush (atomic on its own, so no BEGIN/COMMIT round trips): the rows arrive
 * as JSON (JSON.stringify and json_to_recordset measured cheaper than 25 array parameters, whose
 * per-element escaping in node-pg cost more than the insert), duplicates are skipped, the
 * app-days of the rows that were new are marked dirty (a mark already there gets a new time, so a
 * rollup of that day running now keeps it for its next turn; sorted: concurrent flushes wait for
 * each other, never deadlock), and the answer is one row: how many were new, and only when some were
 * not, which ones. ts travels as epoch milliseconds (exact).
 */
const INSERT_SQL = `WITH ins AS (
  INSERT INTO stat_events (ts, ${STORED.join(', ')})
  SELECT timestamptz 'epoch' + u.ms * interval '1 millisecond', ${STORED.join(', ')}
  FROM json_to_recordset($1::json) AS u(r int, ${ROW_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')})
  JOIN json_to_recordset($2::json) AS e(r int, ${REPORT_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')}) USING (r)
  ON CONFLICT (ts, eid) DO NOTHING
  RETURNING ts, eid, app_id
), dirty AS (
  INSERT INTO stat_dirty (app_id, day) SELECT DISTINCT app_id, stat_day(ts, $3::int) FROM ins
)
SELECT count(*)::int AS n,
  CASE WHEN count(*) < $4::int THEN json_agg(json_build_array((extract(epoch FROM ts) * 1000)::int8::text, eid)) END AS fresh
FROM ins`;

/**
 * The fast path: the rows by COPY (text format) and the app-days marked dirty, in one transaction.
 * COPY cannot skip a duplicate: a row already stored (a client's retry whose first copy was
 * written) fails the whole COPY with a unique violation, and the flush goes the INSERT way.
 */
const COPY_SQL = `COPY stat_events (ts, ${STORED.join(', ')}) FROM STDIN`;
const COPY_VALUES: Array<(r: StatRow) => unknown> = [(r) => r.ts.toISOString(), ...[...REPORT_COLUMNS, ...ROW_COLUMNS.slice(1)].map((c) => c[2])];

/** a COPY text cell: \N for null; backslash, tab, newline and carriage return escaped */
const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES = /[\\\t\n\r]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
function copyCell(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  const s = String(v);
  return NEEDS_ESCAPE.test(s) ? s.replace(ESCAPES, (c) => ESCAPED[c]) : s;
}

function copyText(rows: StatRow[]): string {
  let out = '';
  for (const r of rows) {
    for (let i = 0; i < COPY_VALUES.length; i++) out += (i ? '\t' : '') + copyCell(COPY_VALUES[i](r));
    out += '\n';
  }
  return out;
}

/** an object of the columns' values; a key left out is a null to json_to_recordset (most rows leave half empty) */
function pick(r: StatRow, columns: Column[], into: Record<string, unknown>) {
  for (const [c, , of] of columns) {
    const v = of(r);
    if (v !== null) into[c] = v;
  }
  return into;
}

/** the flush's two JSON parameters: rows, and the dimensions of their reports (a row's neighbours of the same report share them) */
function flushJson(rows: StatRow[]): [string, string] {
  const reports: Record<string, unknown>[] = [];
  const out: Record<string, unknown>[] = new Array(rows.length);
  let prev: StatRow | undefined;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (!prev || REPORT_COLUMNS.some(([, , of]) => of(r) !== of(prev!))) reports.push(pick(r, REPORT_COLUMNS, { r: reports.length }));
    out[i] = pick(r, ROW_COLUMNS, { r: reports.length - 1 });
    prev = r;
  }
  return [JSON.stringify(out), JSON.stringify(reports)];
}

const DAY_MS = 86_400_000;

export class PgIngestStore implements IngestStore {
  /** UTC days whose partition is known to exist (a flush of those days skips the check) */
  private knownDays = new Set<string>();

  constructor(private pools: StatPools) {}

  private get pool(): pg.Pool {
    return this.pools.write.$client as pg.Pool;
  }

  async insert(rows: StatRow[], tz: number): Promise<number> {
    return (await this.insertEach(rows, tz)).filter(Boolean).length;
  }

  async insertEach(rows: StatRow[], tz: number): Promise<boolean[]> {
    if (!rows.length) return [];
    const days = new Set<string>();
    const dayNumbers = new Set<number>();
    for (const r of rows) dayNumbers.add(Math.floor(r.ts.getTime() / DAY_MS));
    for (const d of dayNumbers) days.add(utcDay(d * DAY_MS));
    const missing = [...days].filter((d) => !this.knownDays.has(d));
    if (missing.length) {
      await ensurePartitions(this.pool, missing);
      for (const d of missing) this.knownDays.add(d);
    }
    if (await this.copyAll(rows, tz)) return rows.map(() => true);
    const query = { name: 'stat-ingest', text: INSERT_SQL, values: [...flushJson(rows), tz, rows.length] };
    let result: pg.QueryResult<{ n: number; fresh: Array<[string, string]> | null }>;
    try {
      result = await this.pool.query(query);
    } catch (e) {
      // a partition dropped behind this instance's back (another instance's upkeep): make it again once
      if ((e as { code?: string }).code !== '23514') throw e;
      this.knownDays.clear();
      await ensurePartitions(this.pool, days);
      for (const d of days) this.knownDays.add(d);
      result = await this.pool.query(query);
    }
    const { n, fresh } = result.rows[0];
    if (n === rows.length) return rows.map(() => true);
    const isNew = new Set((fresh ?? []).map(([ms, eid]) => rowKey(ms, eid)));
    return rows.map((r) => isNew.has(rowKey(r.ts, r.eid)));
  }

  /** the fast path; false when a row was already stored or its partition is gone (nothing written then) */
  private async copyAll(rows: StatRow[], tz: number): Promise<boolean> {
    // the local day as a number per row; its text once per app-day
    const marks = new Map<string, [string, string]>();
    const shift = tz * 60_000;
    for (const r of rows) {
      const n = Math.floor((r.ts.getTime() + shift) / DAY_MS);
      const key = `${r.appId}|${n}`;
      if (!marks.has(key)) marks.set(key, [r.appId, statDay(n * DAY_MS - shift, tz)]);
    }
    const client = await this.pool.connect();
    try {
      // the marks go with BEGIN in one round trip (a simple query cannot take parameters: the
      // values are quoted by the driver); each round trip is latency every waiting report pays
      const values = [...marks.values()].map(([app, day]) => `(${client.escapeLiteral(app)}, ${client.escapeLiteral(day)}::date)`);
      try {
        await client.query(`BEGIN; INSERT INTO stat_dirty (app_id, day) VALUES ${values.join(', ')}`);
        await pipeline(Readable.from([copyText(rows)]), client.query(copyFrom(COPY_SQL)));
        await client.query('COMMIT');
        return true;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        const code = (e as { code?: string }).code;
        // 23505: a duplicate of a stored row; 23514: no partition for a row (dropped behind this instance's back)
        if (code === '23505' || code === '23514') return false;
        throw e;
      }
    } finally {
      client.release();
    }
  }

  async appIds(): Promise<string[]> {
    // the app list is system/apps' table: read for the keys only
    const r = await (this.pools.read.$client as pg.Pool).query<{ appid: string }>('SELECT appid FROM apps');
    return r.rows.map((row) => row.appid);
  }

  async maintain(retentionDays: number, now = new Date()): Promise<{ ensured: string[]; dropped: string[] }> {
    const client = await this.pool.connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LOCKS.STAT_PARTITIONS]);
      if (!rows[0].ok) return { ensured: [], dropped: [] };
      try {
        const today = utcDay(now);
        const ensured = [today, utcDay(now.getTime() + 86_400_000)];
        await ensurePartitions(client, ensured);
        for (const d of ensured) this.knownDays.add(d);
        // a day's partition goes once all of it is older than the retention
        const dropped = await dropPartitionsBefore(client, utcDay(now.getTime() - retentionDays * 86_400_000));
        for (const d of dropped) this.knownDays.delete(d);
        return { ensured, dropped };
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [LOCKS.STAT_PARTITIONS]);
      }
    } finally {
      client.release();
    }
  }
}
