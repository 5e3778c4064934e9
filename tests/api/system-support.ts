/** Helpers for the system administration API tests. */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db';
import { login, makeRole, makeUser } from '../support/accounts';

/** GET an export; answers the status, headers and the sheet's rows (header row first) */
export async function exportRows(app: FastifyInstance, url: string, token: string, lang?: string) {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
  });
  if (res.statusCode !== 200) return { status: res.statusCode, headers: res.headers, rows: [] as unknown[][], body: res.json() };
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return { status: res.statusCode, headers: res.headers, rows, body: null };
}

let n = 0;
/** a signed-in user whose roles grant exactly these permissions */
export async function tokenWith(app: FastifyInstance, db: Db, permissions: string[]): Promise<{ token: string; refreshToken: string; id: string }> {
  n += 1;
  const role = `r_${Date.now().toString(36)}_${n}`;
  await makeRole(db, role, permissions);
  const username = `u_${Date.now().toString(36)}_${n}`;
  const u = await makeUser(db, { username, password: 'Pass#2026', role: [role] });
  const r = await login(app, username, 'Pass#2026');
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return { token: r.body.data.token, refreshToken: r.body.data.refreshToken, id: u.id };
}
