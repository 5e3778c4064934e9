/**
 * The raw table's daily partitions (stat_events_pYYYYMMDD, one per UTC day): created before a
 * day is written (the ingest) and dropped when older than the retention (the retention job).
 */
import type pg from 'pg';

/** a pool, or one connection of it (the upkeep runs on the connection that holds its lock) */
type Queryable = pg.Pool | pg.ClientBase;

const NAME = /^stat_events_p(\d{4})(\d{2})(\d{2})$/;

export const partitionName = (utcDay: string) => `stat_events_p${utcDay.replace(/-/g, '')}`;

/** the UTC day (YYYY-MM-DD) an instant falls on: the partition that holds it */
export const utcDay = (t: Date | number) => new Date(t).toISOString().slice(0, 10);

/** creates the missing partitions of these UTC days (idempotent; safe from several instances) */
export async function ensurePartitions(pool: Queryable, days: Iterable<string>): Promise<void> {
  for (const day of new Set(days)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    try {
      await pool.query(
        `CREATE TABLE IF NOT EXISTS ${partitionName(day)} PARTITION OF stat_events FOR VALUES FROM ('${day}T00:00:00Z') TO ('${next}T00:00:00Z')`,
      );
    } catch (e) {
      // two instances creating the same day at once: the loser sees a duplicate and is done
      if ((e as { code?: string }).code !== '42P07' && (e as { code?: string }).code !== '23505') throw e;
    }
  }
}

/** the UTC days that have a partition, oldest first */
export async function listPartitions(pool: Queryable): Promise<string[]> {
  const r = await pool.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'stat_events'`,
  );
  return r.rows
    .map((row) => NAME.exec(row.name))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => `${m[1]}-${m[2]}-${m[3]}`)
    .sort();
}

/** drops the partitions of UTC days before `day`; answers the days dropped */
export async function dropPartitionsBefore(pool: Queryable, day: string): Promise<string[]> {
  const gone = (await listPartitions(pool)).filter((d) => d < day);
  for (const d of gone) await pool.query(`DROP TABLE IF EXISTS ${partitionName(d)}`);
  return gone;
}
