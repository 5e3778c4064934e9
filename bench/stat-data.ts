/**
 * Synthetic usage statistics for the benchmarks: N raw events (default 10 million) over 90 days,
 * written straight into stat_events with COPY. Several apps of different sizes, five platforms,
 * channels and mini-program scenes, versions that move on, a daily and a weekly rhythm, a device
 * base that grows (new and returning devices), sessions of 3-15 page views, custom events with
 * values, JS errors (some repeated within 5 minutes), crashes on the app platforms, sign-ins.
 *
 * A plan of `days` days ending on `end` is fixed by the options, so writing days [0, 89) and
 * later day 89 gives the same events as writing all 90 at once (same devices, same rhythm).
 */
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { addDays, STAT_KINDS } from '../shared/stat';
import { ensurePartitions } from '../server/modules/stats/store/partitions';
import { rng } from '../tests/support/stat-events';

export const BENCH_APPS = [
  { appid: '__UNI__BENCH01', name: 'Bench shop', weight: 0.6 },
  { appid: '__UNI__BENCH02', name: 'Bench news', weight: 0.3 },
  { appid: '__UNI__BENCH03', name: 'Bench tools', weight: 0.1 },
] as const;

export interface StatDataOptions {
  /** events in the whole plan (default 10,000,000) */
  events?: number;
  /** days in the plan (default 90) */
  days?: number;
  /** the plan's last UTC day (default today) */
  end?: string;
  /** write only the plan's days [from, to) (default all) */
  only?: [number, number];
  seed?: number;
  /** mark the written app-days dirty in this time zone (as the ingest would) */
  markDirtyTz?: number;
  /** progress lines */
  log?: (line: string) => void;
}

const PLATFORMS = [
  { name: 'web', share: 0.3, app: false },
  { name: 'h5', share: 0.15, app: false },
  { name: 'android', share: 0.3, app: true },
  { name: 'ios', share: 0.15, app: true },
  { name: 'mp-weixin', share: 0.1, app: false },
] as const;
const CHANNELS = ['', 'google', 'huawei', 'xiaomi', 'appstore', 'wechat-ad'];
const SCENES = ['1001', '1007', '1011', '1047', '1089'];
const VERSIONS = ['1.0.0', '1.1.0', '1.2.0', '2.0.0'];
const MODELS = ['Mate 60', 'Mi 14', 'iPhone 15', 'Galaxy S24', 'Pixel 8', ''];
const PAGES = [
  '/pages/index/index',
  '/pages/list/list',
  '/pages/detail/detail',
  '/pages/cart/cart',
  '/pages/user/user',
  '/pages/search/search',
  '/pages/order/order',
  '/pages/about/about',
];
const TITLES = ['Home', 'List', 'Detail', 'Cart', 'Me', 'Search', 'Orders', 'About'];
const EVENT_KEYS = ['click_buy', 'add_cart', 'share', 'search', 'play', 'favorite'];
const EVENT_VALUES = ['', 'sku-1', 'sku-2', 'banner', '{"from":"home"}', 'video-7'];
const ERRORS = Array.from({ length: 12 }, (_, i) => ({
  hash: `bench-err-${i}`,
  msg: [`TypeError: Cannot read properties of undefined (reading 'p${i}')`, `ReferenceError: v${i} is not defined`][i % 2],
  stack: `at f${i} (umi.3f2a${i}.js:1:${1000 + i * 37})\n    at g (umi.3f2a.js:1:77)`,
}));
/** share of a day's sessions starting in each UTC hour (the audience is in UTC+8: busy 01-14 UTC) */
const HOURS = Array.from({ length: 24 }, (_, h) => 0.3 + Math.max(0, Math.sin(((h + 8 - 6) / 24) * 2 * Math.PI)));
const HOUR_SUM = HOURS.reduce((a, b) => a + b, 0);
/** events per session on average (launch + ~9 views + events + errors + hide) */
const EVENTS_PER_SESSION = 14;

/** text-format COPY field */
const f = (v: string | number | null) =>
  v === null
    ? '\\N'
    : typeof v === 'number'
      ? String(v)
      : /[\\\t\n\r]/.test(v)
        ? v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
        : v;

const COLUMNS =
  'ts, eid, app_id, device_id, uid, sid, kind, platform, channel, scene, version, os, device_model, screen, language, url, referrer, title, ev_key, ev_value, err_hash, err_msg, err_stack, order_no, amount_cents';

/** writes the plan's events (or the days asked); answers how many and how long it took */
export async function writeStatEvents(pool: pg.Pool, o: StatDataOptions = {}): Promise<{ events: number; seconds: number }> {
  const total = o.events ?? 10_000_000;
  const days = o.days ?? 90;
  const end = o.end ?? new Date().toISOString().slice(0, 10);
  const first = addDays(end, -(days - 1));
  const [fromDay, toDay] = o.only ?? [0, days];
  const seed = o.seed ?? 42;
  const t0 = performance.now();
  // a day later than the last one: local days in a positive offset reach into it
  await ensurePartitions(
    pool,
    Array.from({ length: toDay - fromDay + 1 }, (_, i) => addDays(first, fromDay + i)),
  );

  // weekly rhythm: weekends at 70 %, normalised so the plan holds `total` events
  const weekly = (d: number) => ([0, 6].includes(new Date(Date.parse(`${addDays(first, d)}T00:00:00Z`)).getUTCDay()) ? 0.7 : 1);
  const norm = Array.from({ length: days }, (_, d) => weekly(d)).reduce((a, b) => a + b, 0);
  // each app's device base: about DAU x 3, growing from half to all of it over the plan
  const apps = BENCH_APPS.map((a) => {
    const perDay = (total * a.weight) / days;
    return { ...a, perDay, pool: Math.max(20, Math.round((perDay / EVENTS_PER_SESSION / 1.6) * 3)) };
  });

  const client = await pool.connect();
  let written = 0;
  try {
    const stream = client.query(copyFrom(`COPY stat_events (${COLUMNS}) FROM STDIN`));
    const done = new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
    });
    let buf: string[] = [];
    const flush = async () => {
      if (!buf.length) return;
      const chunk = buf.join('');
      buf = [];
      if (!stream.write(chunk)) await new Promise((r) => stream.once('drain', r));
    };
    let eid = 0;
    for (let d = fromDay; d < toDay; d++) {
      const dayStart = Date.parse(`${addDays(first, d)}T00:00:00Z`);
      for (const app of apps) {
        const r = rng(seed * 1_000_003 + d * 101 + app.appid.charCodeAt(13));
        const target = Math.round((app.perDay * weekly(d) * days) / norm);
        const available = Math.max(10, Math.round(app.pool * (0.5 + (0.5 * (d + 1)) / days)));
        let dayEvents = 0;
        while (dayEvents < target) {
          // older devices come back more often than the newest
          const j = Math.floor(available * Math.sqrt(r.next()));
          const h = rng(j * 7919 + app.appid.charCodeAt(13));
          const pr = h.next();
          let acc = 0;
          const platform = PLATFORMS.find((p) => (acc += p.share) >= pr) ?? PLATFORMS[0];
          const mp = platform.name.startsWith('mp-');
          const channel = mp ? '' : h.pick(CHANNELS);
          const model = platform.app ? h.pick(MODELS) : '';
          const uid = h.chance(0.3) ? `u-${app.appid.slice(-2)}-${j}` : null;
          const device = `bd-${app.appid.slice(-2)}-${String(j).padStart(14, '0')}`;
          const version = VERSIONS[Math.min(VERSIONS.length - 1, Math.floor((d + (j % 30)) / 30))];
          const scene = mp ? r.pick(SCENES) : '';
          const hr = r.next() * HOUR_SUM;
          let hour = 0;
          for (let a = HOURS[0]; a < hr && hour < 23; a += HOURS[++hour]);
          let t = dayStart + hour * 3_600_000 + r.int(0, 3_599_999);
          const sid = `bs${seed}${d}x${(++eid).toString(36)}`;
          const signedIn = uid && r.chance(0.6);
          const base = `${f(app.appid)}\t${f(device)}\t`;
          const tail = `\t${f(platform.name)}\t${f(channel)}\t${scene}\t${version}\t${platform.app ? 'android 14' : 'web'}\t${model ? f(model) : '\\N'}\t${platform.app ? '1080x2400' : '1920x1080'}\tzh-CN\t`;
          const row = (kind: number, rest: string, who: string | null) => {
            buf.push(`${new Date(t).toISOString()}\t${(++eid).toString(36)}\t${base}${who ?? '\\N'}\t${sid}\t${kind}${tail}${rest}\n`);
            dayEvents++;
          };
          const none = '\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N';
          row(STAT_KINDS.launch, none, null);
          const views = r.int(3, 15);
          for (let v = 0; v < views; v++) {
            t += r.int(2, 120) * 1000 + r.int(0, 999);
            const p = r.int(0, PAGES.length - 1);
            const url = platform.app ? `${PAGES[p].slice(1)}?id=${r.int(1, 50)}` : `https://bench.example.com/#${PAGES[p]}?id=${r.int(1, 50)}`;
            row(STAT_KINDS.page, `${url}\t\\N\t${TITLES[p]}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N`, signedIn && v > 0 ? uid : null);
            if (r.chance(0.3)) {
              t += r.int(1, 20) * 1000;
              const value = r.pick(EVENT_VALUES);
              row(
                STAT_KINDS.event,
                `\\N\t\\N\t\\N\t${r.pick(EVENT_KEYS)}\t${value ? f(value) : '\\N'}\t\\N\t\\N\t\\N\t\\N\t\\N`,
                signedIn && v > 0 ? uid : null,
              );
            }
            if (r.chance(0.02)) {
              const e = ERRORS[Math.floor(r.next() ** 2 * ERRORS.length)];
              for (let k = r.chance(0.3) ? 2 : 1; k > 0; k--) {
                t += r.int(1, 200) * 1000;
                row(STAT_KINDS.error, `\\N\t\\N\t\\N\t\\N\t\\N\t${e.hash}\t${f(e.msg)}\t${f(e.stack)}\t\\N\t\\N`, null);
              }
            }
          }
          if (platform.app && r.chance(0.01)) {
            t += 1000;
            row(STAT_KINDS.crash, `\\N\t\\N\t\\N\t\\N\t\\N\tbench-crash-${j % 3}\tjava.lang.OutOfMemoryError\tat com.bench.Main.onCreate\t\\N\t\\N`, null);
          } else {
            t += r.int(1, 60) * 1000;
            row(STAT_KINDS.hide, none, null);
          }
          if (buf.length >= 5000) await flush();
        }
        written += dayEvents;
      }
      if (o.log && (d - fromDay) % 10 === 9)
        o.log(`  ${d - fromDay + 1} days, ${written.toLocaleString('en')} events, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    await flush();
    stream.end();
    await done;
    if (o.markDirtyTz !== undefined) {
      const from = `${addDays(first, fromDay)}T00:00:00Z`;
      // sessions late in the last day run on past midnight
      const to = `${addDays(first, toDay + 1)}T00:00:00Z`;
      await client.query(`INSERT INTO stat_dirty (app_id, day) SELECT DISTINCT app_id, stat_day(ts, $3) FROM stat_events WHERE ts >= $1 AND ts < $2`, [
        from,
        to,
        o.markDirtyTz,
      ]);
    }
  } finally {
    client.release();
  }
  return { events: written, seconds: (performance.now() - t0) / 1000 };
}
