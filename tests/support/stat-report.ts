/**
 * What the statistics receiver's tests send: an app's envelope, page records, reports posted the
 * way a browser posts them (values nested 10,000 deep written in as raw text), and what was stored.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { createTestApp } from './test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const APP = '__UNI__STATTEST';
export const DEVICE = 'dev-0123456789abcdef';
let seq = 0;
/** a fresh client event id */
export const id = () => `ev-${process.pid}-${++seq}-${randomBytes(3).toString('hex')}`;
export const SID = 'session-0001';
/** an app's reports come from browsers (a bare fetch's own user agent is a bot's) */
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

export const envelope = (over: Record<string, unknown> = {}) => ({
  appid: APP,
  device_id: DEVICE,
  uid: 'user-7',
  platform: 'web',
  channel: 'store-a',
  version: '1.2.0',
  os: 'Linux',
  device_model: 'PC',
  screen: '1920x1080',
  language: 'en-US',
  ...over,
});

export const page = (over: Record<string, unknown> = {}) => ({
  id: id(),
  ts: Date.now() - 1000,
  kind: 'page',
  sid: SID,
  url: 'https://app.example.com/#/pages/home?x=1',
  title: 'Home',
  ...over,
});

/** event values nested 10,000 levels deep, written into the report's JSON as raw text */
export const DEEP_VALUE = { deep: true };
export const DEEP_ARRAY = { deepArray: true };
const DEEP_JSON = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
const DEEP_ARRAY_JSON = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
export const withDeep = (json: string) => json.replaceAll(JSON.stringify(DEEP_VALUE), DEEP_JSON).replaceAll(JSON.stringify(DEEP_ARRAY), DEEP_ARRAY_JSON);

export async function report(app: TestApp['app'], body: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/stat/report',
    payload: typeof body === 'string' ? body : withDeep(JSON.stringify(body)),
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER, ...headers },
  });
  return { status: res.statusCode, body: res.json() as any, headers: res.headers };
}

export const stored = async (db: TestApp['db'], eids: string[]) =>
  (await db.$client.query<{ eid: string }>('SELECT eid FROM stat_events WHERE eid = ANY($1::text[])', [eids])).rows.map((r) => r.eid);

export async function addApp(db: TestApp['db'], appid: string) {
  await db.execute(sql`INSERT INTO apps (appid, name) VALUES (${appid}, ${`App ${appid}`}) ON CONFLICT DO NOTHING`);
}
