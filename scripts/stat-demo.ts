/**
 * npm run stat:demo: realistic usage statistics sent THROUGH THE RECEIVER over HTTP
 * (POST /api/stat/report), backdated over --days: three demo apps on web, h5, android, ios,
 * harmony and mini programs (with scenes), channels, versions released over time, a weekly
 * rhythm, sessions of page views, events with values, JS errors (some repeated), crashes, pay.
 *
 *   npm run stat:demo -- [--url http://127.0.0.1:8000] [--days 90] [--scale 1] [--seed 1]
 *
 * The apps are made through the admin API when ADMIN_USERNAME / ADMIN_PASSWORD are set (the
 * receiver takes only listed apps); without them they must exist already (system > apps). With
 * an admin login the rollup is run at the end so the pages show the figures at once.
 * The same seed on the same day sends the same record ids: a re-run is de-duplicated.
 */
import { type AppDef, CRASHES, DEMO_APPS, HOURS, JS_ERRORS, MODELS, type PageDef, pick, SCENES, UA, weighted } from './stat-demo-data';

export interface StatDemoOptions {
  url: string;
  days: number;
  scale: number;
  seed?: number;
  admin?: { username: string; password: string };
  /** parallel requests */
  concurrency?: number;
  log?: (line: string) => void;
}

export interface StatDemoSummary {
  requests: number;
  records: number;
  accepted: number;
  duplicates: number;
  rejected: Record<string, number>;
  /** envelopes the receiver answered with an error, by code */
  refused: Record<string, number>;
}

/** a small seeded generator (mulberry32): the same seed gives the same traffic */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const id = (r: () => number, n: number) => Array.from({ length: n }, () => ALPHA[Math.floor(r() * 62)]).join('');

type Rec = Record<string, unknown> & { ts: number };
interface Envelope {
  appid: string;
  device_id: string;
  uid?: string;
  platform: string;
  channel: string;
  scene: string;
  version: string;
  os: string;
  device_model: string;
  screen: string;
  language: string;
  records: Rec[];
}

const DAY = 86_400_000;
/** the stats time zone of the reference (UTC+8): the hours above are local to it */
const TZ_MS = 8 * 3600_000;

/** every envelope of one device over the range (one per version and scene, <= 500 records each) */
function deviceTraffic(app: AppDef, n: number, o: { days: number; seed: number; today: number; now: number }): Envelope[] {
  let h = o.seed * 7919 + n * 104_729;
  for (const c of app.appid) h = Math.imul(h ^ c.charCodeAt(0), 16_777_619);
  const r = rng(h);
  const platform = weighted(r, app.platforms);
  const mp = platform.startsWith('mp-');
  const isWeb = platform === 'web' || platform === 'h5';
  const isApp = !mp && !isWeb;
  const model = pick(r, MODELS[isWeb || mp ? (platform === 'web' ? 'web' : r() < 0.6 ? 'android' : 'ios') : platform]);
  // a quarter were there before the range; the rest arrive over it, more of them lately
  const firstDay = r() < 0.25 ? 0 : Math.floor(o.days * Math.sqrt(r()));
  const loyalty = 0.04 + 0.5 * r() ** 2;
  const uid = r() < 0.35 ? `demo-user-${app.appid.slice(7).toLowerCase()}-${n}` : undefined;
  const stores = platform === 'ios' ? ['appstore'] : app.channels.filter((c) => c !== 'appstore');
  const channel = isApp ? pick(r, stores) : platform === 'h5' ? pick(r, ['', 'baidu', 'wechat-article']) : '';
  const deviceId = id(r, 32);
  const envs = new Map<string, Envelope>();
  const envelope = (version: string, scene: string) => {
    const key = `${version}/${scene}`;
    let e = envs.get(key);
    if (!e) {
      e = {
        appid: app.appid,
        device_id: deviceId,
        ...(uid ? { uid } : {}),
        platform,
        channel,
        scene,
        version,
        os: model[0],
        device_model: model[1],
        screen: model[2],
        language: r() < 0.8 ? 'zh-CN' : 'en-US',
        records: [],
      };
      envs.set(key, e);
    }
    return e;
  };
  let errorsLeft = 1 + Math.floor(r() * 3);
  for (let d = firstDay; d < o.days; d++) {
    const dayStart = o.today - (o.days - 1 - d) * DAY;
    // dayStart is the local day's date at 00:00 UTC: its UTC weekday is the local one
    const weekday = (new Date(dayStart).getUTCDay() + 6) % 7;
    const growth = 0.8 + (0.4 * d) / Math.max(1, o.days - 1);
    if (d !== firstDay && r() > loyalty * app.week[weekday] * growth) continue;
    // the newest version a device has taken by that day (not everyone updates at once)
    const ago = o.days - 1 - d;
    const released = app.versions.filter(([, at]) => at >= ago);
    const version = released[Math.max(0, released.length - 1 - (r() < 0.3 ? 1 : 0))][0];
    const sessions = 1 + (r() < 0.35 ? 1 : 0) + (r() < 0.1 ? 1 : 0);
    for (let s = 0; s < sessions; s++) {
      const hour = Number(weighted(r, Object.fromEntries(HOURS.map((w, h) => [String(h), w]))));
      let ts = dayStart - TZ_MS + hour * 3600_000 + Math.floor(r() * 3600_000);
      const scene = mp ? weighted(r, SCENES) : '';
      const env = envelope(version, scene);
      const sid = id(r, 24);
      const out: Rec[] = [];
      const rec = (kind: string, extra: Record<string, unknown> = {}) => out.push({ id: id(r, 20), ts, kind, sid, ...extra });
      const urlOf = (p: PageDef, q = '') => (isWeb ? `${app.web}#/${p.path}${q}` : `/${p.path}${q}`);
      rec('launch');
      const views = Math.min(30, 1 + Math.floor(-Math.log(1 - r()) * 3.2));
      let prev = '';
      let current = '';
      for (let v = 0; v < views; v++) {
        const p = v === 0 && r() < 0.75 ? app.pages[0] : pick(r, app.pages);
        current = urlOf(p, p.path.endsWith('detail') || p.path.endsWith('article') ? `?id=${1 + Math.floor(r() * 60)}` : '');
        rec('page', { url: current, referrer: prev, title: p.title });
        prev = current;
        ts += 2000 + Math.floor(-Math.log(1 - r()) * 35_000);
        if (r() < 0.45) {
          const [name, value] = pick(r, app.events);
          const v2 = value(r);
          rec('event', { name, ...(v2 === undefined ? {} : { value: v2 }), url: current });
          ts += 500 + Math.floor(r() * 4000);
        }
        if (errorsLeft > 0 && r() < 0.012) {
          const [message, stack] = weighted(r, Object.fromEntries(JS_ERRORS.map(([m, st, w]) => [`${m}\n${st}`, w]))).split('\n');
          rec('error', { message, stack: `${message}\n    ${stack}`, url: current });
          errorsLeft--;
        }
      }
      if (isApp && r() < 0.004) {
        rec('crash', { message: pick(r, CRASHES[platform] ?? CRASHES.android) });
      } else {
        if (r() < app.payRate) {
          rec('pay', { order_no: `D${id(r, 14)}`, amount_cents: pick(r, [990, 1990, 2990, 4900, 9900, 19900, 29900]) });
          ts += 3000;
        }
        // an app put in the background and brought back within the session
        if (!isWeb && r() < 0.15) {
          rec('hide', { url: current });
          ts += 20_000 + Math.floor(r() * 60_000);
          rec('show', { url: current });
          ts += 5000;
        }
        rec('hide', { url: current });
      }
      env.records.push(...out.filter((x) => x.ts <= o.now));
    }
  }
  const result: Envelope[] = [];
  for (const e of envs.values()) {
    for (let i = 0; i < e.records.length; i += 500) result.push({ ...e, records: e.records.slice(i, i + 500) });
  }
  return result.filter((e) => e.records.length > 0);
}

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));

async function jsonCall(url: string, init: RequestInit & { token?: string } = {}) {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', 'user-agent': UA.web, ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
  });
  let body: { success?: boolean; data?: unknown; errorCode?: string; errorMessage?: string; field?: string } = {};
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
}

/** makes the demo apps that are missing, through the admin API; answers the admin's token */
async function ensureApps(base: string, admin: { username: string; password: string }, log: (l: string) => void): Promise<string> {
  const login = await jsonCall(`${base}/api/auth/login`, { method: 'POST', body: JSON.stringify(admin) });
  const token = (login.body.data as { token?: string } | undefined)?.token;
  if (!token) throw new Error(`admin sign-in failed (${login.status} ${login.body.errorCode ?? ''} ${login.body.errorMessage ?? ''})`);
  const list = await jsonCall(`${base}/api/system/apps?pageSize=500`, { token });
  const have = new Set(((list.body.data as Array<{ appid: string }>) ?? []).map((a) => a.appid));
  for (const app of DEMO_APPS) {
    if (have.has(app.appid)) continue;
    const made = await jsonCall(`${base}/api/system/apps`, {
      method: 'POST',
      token,
      body: JSON.stringify({ appid: app.appid, name: app.name, description: 'demo statistics (npm run stat:demo)' }),
    });
    if (made.status !== 200) throw new Error(`could not add the app ${app.appid}: ${made.status} ${made.body.errorCode ?? ''}`);
    log(`added the app ${app.appid} (${app.name})`);
  }
  return token;
}

export async function runStatDemo(opts: StatDemoOptions): Promise<StatDemoSummary> {
  const log = opts.log ?? ((l: string) => console.log(`[stat-demo] ${l}`));
  const base = opts.url.replace(/\/+$/, '');
  const seed = opts.seed ?? 1;
  const now = Date.now();
  // days are anchored to the start of today (UTC+8), so a re-run the same day repeats the same records
  const today = Math.floor((now + TZ_MS) / DAY) * DAY;
  const token = opts.admin ? await ensureApps(base, opts.admin, log) : null;
  const summary: StatDemoSummary = { requests: 0, records: 0, accepted: 0, duplicates: 0, rejected: {}, refused: {} };

  let pausedUntil = 0;
  async function send(env: Envelope) {
    const ua = env.platform === 'web' ? UA.web : env.os.startsWith('iOS') || env.os.startsWith('iPad') ? UA.ios : UA.mobile;
    for (let attempt = 0; ; attempt++) {
      const wait = pausedUntil - Date.now();
      if (wait > 0) await sleep(wait);
      let res: Awaited<ReturnType<typeof jsonCall>> | null = null;
      try {
        res = await fetch(`${base}/api/stat/report`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': ua },
          body: JSON.stringify(env),
        }).then(async (r) => ({
          status: r.status,
          body: await r.json().catch(() => ({})),
          retryAfter: r.headers.get('retry-after'),
        }));
      } catch {
        res = null;
      }
      summary.requests++;
      if (res?.status === 200) {
        const d = (res.body.data ?? {}) as { accepted?: number; duplicates?: number; rejected?: Array<{ code: string; field: string }> };
        summary.records += env.records.length;
        summary.accepted += d.accepted ?? 0;
        summary.duplicates += d.duplicates ?? 0;
        for (const x of d.rejected ?? []) summary.rejected[`${x.code} ${x.field}`] = (summary.rejected[`${x.code} ${x.field}`] ?? 0) + 1;
        return;
      }
      if (res?.status === 429) {
        // the receiver is busy or over its rate: wait as long as it says
        const s = Number(res.retryAfter);
        pausedUntil = Math.max(pausedUntil, Date.now() + (Number.isFinite(s) ? s * 1000 : 5000));
        continue;
      }
      if (res && res.status < 500) {
        const code = `${res.status} ${res.body.errorCode ?? ''} ${res.body.field ?? ''}`.trim();
        summary.refused[code] = (summary.refused[code] ?? 0) + 1;
        return;
      }
      if (attempt >= 5) {
        summary.refused[res ? `${res.status}` : 'network'] = (summary.refused[res ? `${res.status}` : 'network'] ?? 0) + 1;
        return;
      }
      await sleep(500 * 2 ** attempt);
    }
  }

  const concurrency = opts.concurrency ?? 4;
  for (const app of DEMO_APPS) {
    const devices = Math.max(3, Math.round(app.devices * opts.scale));
    const before = summary.accepted;
    let next = 0;
    const queue: Envelope[] = [];
    const worker = async () => {
      for (;;) {
        if (!queue.length) {
          if (next >= devices) return;
          queue.push(...deviceTraffic(app, next++, { days: opts.days, seed, today, now }));
          continue;
        }
        await send(queue.shift()!);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    log(`${app.appid}: ${devices} devices, ${summary.accepted - before} records accepted`);
    if (summary.refused['400 STAT_APP_UNKNOWN appid']) {
      throw new Error(`the receiver does not know ${app.appid}: add the demo apps (set ADMIN_USERNAME and ADMIN_PASSWORD)`);
    }
    const refusedAll = Object.entries(summary.refused).find(([code]) => !code.startsWith('400'));
    if (refusedAll && summary.accepted === 0) throw new Error(`the receiver at ${base}/api/stat/report refuses the reports (${refusedAll[0]})`);
  }
  if (token) {
    const run = await jsonCall(`${base}/api/stat/rollup/run`, { method: 'POST', token, body: '{}' });
    log(
      run.status === 200
        ? 'rollup done: the stats pages show the figures'
        : `rollup not run now (${run.status} ${run.body.errorCode ?? ''}); the job picks the data up within a minute`,
    );
  }
  return summary;
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

async function cli() {
  const args = process.argv.slice(2);
  const num = (name: string, dflt: number) => {
    const v = argValue(args, name);
    const n = v === undefined ? dflt : Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
    return n;
  };
  const days = Math.round(num('days', 90));
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = process.env;
  const t0 = Date.now();
  const summary = await runStatDemo({
    url: argValue(args, 'url') ?? 'http://127.0.0.1:8000',
    days,
    scale: num('scale', 1),
    seed: Math.round(num('seed', 1)),
    admin: ADMIN_USERNAME && ADMIN_PASSWORD ? { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } : undefined,
  });
  const secs = (Date.now() - t0) / 1000;
  console.log(
    `[stat-demo] ${summary.records} records in ${summary.requests} requests over ${days} days (${secs.toFixed(1)} s, ${Math.round(summary.records / secs)} records/s): ` +
      `${summary.accepted} accepted, ${summary.duplicates} duplicates` +
      (Object.keys(summary.rejected).length ? `, rejected ${JSON.stringify(summary.rejected)}` : '') +
      (Object.keys(summary.refused).length ? `, refused requests ${JSON.stringify(summary.refused)}` : ''),
  );
  if (Object.keys(summary.rejected).some((k) => k.endsWith(' ts')))
    console.log('[stat-demo] records older than the raw retention (statistics settings) are refused: use fewer --days');
}

if (require.main === module) {
  cli().catch((e) => {
    console.error(`[stat-demo] ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
