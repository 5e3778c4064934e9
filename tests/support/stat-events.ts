/**
 * Raw statistics events for the tests: a seeded, realistic generator (devices on two platforms,
 * sessions of page views with hash-routed and plain urls, custom events, repeated JS errors,
 * crashes, sign-ins) and the ingest's way of storing them (partitions, rows, dirty app-days).
 */
import type pg from 'pg';
import { STAT_KINDS } from '../../shared/stat';
import type { Db } from '../../server/db';
import { statPools } from '../../server/modules/stats/pools';
import { ensurePartitions, utcDay } from '../../server/modules/stats/store/partitions';
import { PgRollupStore } from '../../server/modules/stats/store/rollup';

/** a stat_events row as stored */
export interface RawEvent {
  ts: Date;
  eid: string;
  app_id: string;
  device_id: string;
  uid: string | null;
  sid: string;
  kind: number;
  platform: string;
  channel: string;
  scene: string;
  version: string;
  os: string | null;
  device_model: string | null;
  screen: string | null;
  language: string | null;
  url: string | null;
  referrer: string | null;
  title: string | null;
  ev_key: string | null;
  ev_value: string | null;
  err_hash: string | null;
  err_msg: string | null;
  err_stack: string | null;
  order_no: string | null;
  amount_cents: number | null;
}

/** a small fast seeded generator (mulberry32) */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}

/** the page path the rollups compute from a url (the contract's rule, written independently in JS) */
export function pagePath(url: string | null): string {
  if (!url) return '';
  const h = url.indexOf('#/');
  if (h >= 0) return url.slice(h + 1).split('?')[0];
  return (
    url
      .replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, '')
      .split('#')[0]
      .split('?')[0] || '/'
  );
}

let eidSeq = 0;
/** one event with everything unset but what is given */
export function rawEvent(e: Partial<RawEvent> & Pick<RawEvent, 'ts' | 'app_id' | 'device_id' | 'sid' | 'kind'>): RawEvent {
  return {
    eid: `e${(++eidSeq).toString(36).padStart(8, '0')}`,
    uid: null,
    platform: '',
    channel: '',
    scene: '',
    version: '',
    os: null,
    device_model: null,
    screen: null,
    language: null,
    url: null,
    referrer: null,
    title: null,
    ev_key: null,
    ev_value: null,
    err_hash: null,
    err_msg: null,
    err_stack: null,
    order_no: null,
    amount_cents: null,
    ...e,
  };
}

const WEB_PAGES = [
  { url: 'https://demo.example.com/#/pages/index/index', title: 'Home' },
  { url: 'https://demo.example.com/#/pages/list/list?page=2&sort=new', title: 'List' },
  { url: 'https://demo.example.com/#/pages/detail/detail?id=7', title: 'Detail' },
  { url: 'https://demo.example.com/about?ref=mail#team', title: 'About' },
  { url: 'https://demo.example.com/', title: 'Landing' },
];
const APP_PAGES = [
  { url: 'pages/index/index', title: 'Home' },
  { url: 'pages/user/user?tab=orders', title: 'Me' },
  { url: 'pages/detail/detail?id=3', title: 'Detail' },
];
const ERRORS = [
  { hash: 'h-type', msg: "TypeError: Cannot read properties of undefined (reading 'id')", stack: 'at detail (umi.3f2a.js:1:2345)' },
  { hash: 'h-ref', msg: 'ReferenceError: wx is not defined', stack: 'at share (umi.3f2a.js:1:999)' },
];

export interface GenOptions {
  appId: string;
  seed: number;
  /** the first instant (ms) sessions may start at */
  from: number;
  days: number;
  devices: number;
  /** device ids are made from this (so two generators can share devices) */
  devicePrefix?: string;
}

/** sessions of `devices` devices over `days` days, ordered by time */
export function generateEvents(o: GenOptions): RawEvent[] {
  const r = rng(o.seed);
  const out: RawEvent[] = [];
  for (let i = 0; i < o.devices; i++) {
    const android = i % 2 === 1;
    const device = {
      app_id: o.appId,
      device_id: `${o.devicePrefix ?? `dev-${o.seed}`}-${String(i).padStart(12, '0')}`,
      platform: android ? 'android' : 'web',
      channel: android ? r.pick(['huawei', 'xiaomi']) : r.pick(['', 'google']),
      os: android ? 'android 14' : 'windows',
      device_model: android ? r.pick(['Mate 60', 'Mi 14']) : null,
      screen: android ? '1080x2400' : '1920x1080',
      language: r.pick(['zh-CN', 'en-US']),
    };
    // some devices sign in (two devices share a user); versions move on after a while
    const uid = i % 3 === 0 ? `user-${o.seed}-${i % 4}` : null;
    const upgradeAt = o.from + r.int(0, o.days) * 86_400_000;
    const pages = android ? APP_PAGES : WEB_PAGES;
    for (let day = 0; day < o.days; day++) {
      if (!r.chance(0.7)) continue;
      for (let s = r.int(1, 3); s > 0; s--) {
        let t = o.from + day * 86_400_000 + r.int(0, 86_399) * 1000 + r.int(0, 999);
        const sid = `s-${o.seed}-${i}-${day}-${s}-${r.int(0, 1e6)}`;
        const version = t >= upgradeAt ? '1.1.0' : '1.0.0';
        let signedIn = false;
        const ev = (kind: number, extra: Partial<RawEvent> = {}) =>
          out.push(rawEvent({ ...device, ts: new Date(t), sid, kind, version, uid: signedIn ? uid : null, ...extra }));
        ev(STAT_KINDS.launch);
        const views = r.chance(0.25) ? 1 : r.int(2, 6);
        for (let v = 0; v < views; v++) {
          t += r.int(1, 90) * 1000 + r.int(0, 999);
          const p = r.pick(pages);
          ev(STAT_KINDS.page, { url: p.url, title: r.chance(0.9) ? p.title : null, referrer: v ? pages[0].url : null });
          if (uid && v === 1) signedIn = true;
          if (r.chance(0.4)) {
            t += r.int(1, 30) * 1000;
            const key = r.pick(['click', 'share', 'search']);
            ev(STAT_KINDS.event, { ev_key: key, ev_value: key === 'search' ? null : r.pick(['buy', 'cart', '{"sku":"a1","n":2}']) });
          }
          if (r.chance(0.08)) {
            // an error repeated within the 5 minutes, then once more much later
            const err = r.pick(ERRORS);
            for (const gap of [0, r.int(5, 120), r.int(301, 900)]) {
              t += gap * 1000;
              ev(STAT_KINDS.error, { err_hash: err.hash, err_msg: err.msg, err_stack: err.stack });
            }
          }
        }
        if (android && r.chance(0.05)) {
          t += 2000;
          ev(STAT_KINDS.crash, { err_hash: 'c-oom', err_msg: 'java.lang.OutOfMemoryError', err_stack: 'at com.demo.Main.onCreate' });
        } else if (r.chance(0.8)) {
          t += r.int(1, 60) * 1000;
          ev(STAT_KINDS.hide);
        }
      }
    }
  }
  return out.sort((a, b) => a.ts.getTime() - b.ts.getTime() || (a.eid < b.eid ? -1 : 1));
}

/**
 * Stores events as the ingest does: the partitions of their UTC days, the rows, and their
 * app-days marked dirty in the same transaction. A mark already there gets a new time: a rollup
 * of that day running meanwhile then leaves it for another turn (DO NOTHING would lose the rows).
 */
export async function insertEvents(pool: pg.Pool, events: RawEvent[], tz: number): Promise<void> {
  if (!events.length) return;
  await ensurePartitions(
    pool,
    events.map((e) => utcDay(e.ts)),
  );
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const now = new Date().toISOString();
    for (let i = 0; i < events.length; i += 2000) {
      const json = JSON.stringify(events.slice(i, i + 2000).map((e) => ({ ...e, received_at: now })));
      await client.query('INSERT INTO stat_events SELECT * FROM json_populate_recordset(NULL::stat_events, $1::json) ON CONFLICT DO NOTHING', [json]);
      await client.query(
        `INSERT INTO stat_dirty (app_id, day) SELECT DISTINCT app_id, stat_day(ts, $2) FROM json_populate_recordset(NULL::stat_events, $1::json)`,
        [json, tz],
      );
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  } finally {
    client.release();
  }
}

/**
 * What the rollup job does after device (user) days change, for tests that write those rollup
 * rows by hand: the kept DAU / WAU / MAU of these app-days and the 29 after.
 */
export async function keepActivity(db: Db, appId: string, days: string[]): Promise<void> {
  for (const day of days) await db.$client.query('INSERT INTO stat_activity_dirty (app_id, day) VALUES ($1, $2::date)', [appId, day]);
  const pools = statPools(db);
  try {
    await new PgRollupStore(pools).rollupDirty(480);
  } finally {
    await pools.end();
  }
}
