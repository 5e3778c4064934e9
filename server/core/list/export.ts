/**
 * The xlsx export of a list: every row matching the current query, streamed from a server-side
 * cursor in batches (never every row in memory).
 */
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { pickLang, t, type Lang } from '../i18n';
import { compile, plain, type Row } from '../sql';
import { type Cell, XlsxStream } from '../xlsx';
import { type ExportColumn, type ListQuery, type ListSpec, orderOf, whereOf } from './query';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_BATCH = 1000;

const pad = (n: number) => String(n).padStart(2, '0');
function formatDate(iso: string, tzOffset: number): string {
  const d = new Date(new Date(iso).getTime() - tzOffset * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

function exportFileName(resource: string, now = new Date()): string {
  const s = now.toISOString();
  return `${resource}-${s.slice(0, 10).replace(/-/g, '')}-${s.slice(11, 19).replace(/:/g, '')}.xlsx`;
}

function cellOf(c: ExportColumn, row: Row, lang: Lang, tzOffset: number): Cell {
  const v = c.value ? c.value(row, lang) : row[c.key];
  if (v === null || v === undefined) return null;
  if (c.date && typeof v === 'string') return formatDate(v, tzOffset);
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return v as string | number | boolean;
}

/**
 * Streams every row of the query as xlsx. The query runs in a read-only snapshot through a
 * server-side cursor, EXPORT_BATCH rows at a time; bad input is refused before anything is sent.
 */
export async function streamExport(db: Db, spec: ListSpec, q: ListQuery, req: FastifyRequest, reply: FastifyReply) {
  const where = whereOf(spec, q);
  const order = orderOf(spec, q);
  const lang = pickLang(req.headers['accept-language']);
  const tz = q.tzOffset ?? 0;
  const wanted = q.columns?.length ? new Set(q.columns) : null;
  const cols = spec.exportColumns.filter((c) => !wanted || wanted.has(c.key));
  const map = spec.toRow ?? ((r: Row) => r);
  const { sql: text, params } = compile(sql`SELECT ${spec.columns} FROM ${spec.from} ${where} ${order}`);

  const client = await db.$client.connect();
  let released = false;
  const release = async (ok: boolean) => {
    if (released) return;
    released = true;
    await client.query(ok ? 'COMMIT' : 'ROLLBACK').catch(() => undefined);
    client.release();
  };
  let first: Row[];
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`DECLARE list_export NO SCROLL CURSOR FOR ${text}`, params);
    first = (await client.query(`FETCH ${EXPORT_BATCH} FROM list_export`)).rows;
  } catch (e) {
    await release(false);
    throw e;
  }

  const file = new XlsxStream(
    spec.resource,
    cols.map((c) => {
      const key = c.header ?? `field.${c.key}`;
      const label = t(lang, key);
      return { header: label === key ? c.key : label, width: c.width };
    }),
  );
  const pump = async () => {
    try {
      let batch = first;
      while (batch.length && !file.closed) {
        for (const raw of batch) {
          const row = map(plain(raw));
          // waits while the response has not taken what was written (flat memory)
          await file.addRow(cols.map((c) => cellOf(c, row, lang, tz)));
          if (file.closed) break;
        }
        if (batch.length < EXPORT_BATCH || file.closed) break;
        batch = (await client.query(`FETCH ${EXPORT_BATCH} FROM list_export`)).rows;
      }
      await release(true);
      if (!file.closed) await file.end();
    } catch (e) {
      await release(false);
      req.log.error({ err: e }, 'export failed');
      file.destroy(e as Error);
    }
  };

  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${exportFileName(spec.resource)}"`)
    .header('cache-control', 'no-store');
  void pump();
  return reply.send(file.output);
}
