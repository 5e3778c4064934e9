/**
 * The app SDK of the usage statistics: records launches, shows/hides, page views, events, errors,
 * crashes and payments, queues them (kept in storage, bounded) and sends them to the receiver
 * (POST /api/stat/report) every report interval, after the enable-check (GET /api/stat/config).
 * No runtime dependencies; the environment comes in through adapters (adapters.ts).
 */
import { STAT_PLATFORMS, STAT_SPEC, type StatKind } from '../../shared/stat';
import { cutText, textLength } from '../../shared/text';

export { webAdapters, miniProgramAdapters, type MiniProgramApi } from './adapters';

/** key/value storage that survives restarts (localStorage, wx.getStorageSync, ...) */
export interface StatStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export interface StatRequest {
  method: 'GET' | 'POST';
  url: string;
  /** JSON text */
  body?: string;
}

export interface StatResponse {
  status: number;
  /** the Retry-After header, if any */
  retryAfter: string | null;
  /** the parsed JSON answer, if any */
  body: unknown;
}

export interface StatTransport {
  /** rejects on a network failure */
  send(req: StatRequest): Promise<StatResponse>;
  /** a fire-and-forget send that survives the page going away (navigator.sendBeacon); true when queued */
  beacon?(url: string, body: string): boolean;
}

export interface StatPage {
  url: string;
  referrer?: string;
  title?: string;
}

export interface StatDevice {
  os?: string;
  device_model?: string;
  screen?: string;
  language?: string;
}

/** what an adapter calls when the environment changes */
export interface StatHooks {
  show(scene?: string): void;
  hide(): void;
  /** the page goes away for good: last records by beacon */
  unload(): void;
  /** a route change (the page is read from currentPage) */
  route(): void;
  error(message: string, stack?: string): void;
  crash(message: string, stack?: string): void;
}

export interface StatAdapters {
  storage: StatStorage;
  transport: StatTransport;
  device?: () => StatDevice;
  currentPage?: () => StatPage | null;
  /** subscribes to the environment's lifecycle; answers an unsubscribe */
  listen?: (hooks: StatHooks) => () => void;
}

export interface StatOptions extends StatAdapters {
  /** the app key: an appid of the console's app list */
  appid: string;
  /** the receiver, e.g. https://console.example.com/api/stat/report */
  endpoint: string;
  /** the enable-check; by default the endpoint with /report replaced by /config */
  configEndpoint?: string;
  platform: string;
  channel?: string;
  scene?: string;
  version: string;
  uid?: string | null;
  /** overrides the server's report interval (seconds) */
  reportIntervalS?: number;
  /** device id length when one is made (16..48, default 32) */
  deviceIdLength?: number;
  /** the most records kept unsent; the oldest go first beyond it */
  maxQueue?: number;
  /** prefix of the storage keys */
  storagePrefix?: string;
}

export type StatRecord = {
  id: string;
  ts: number;
  kind: StatKind;
  sid: string;
  url?: string;
  referrer?: string;
  title?: string;
  name?: string;
  value?: string | Record<string, unknown> | unknown[];
  message?: string;
  stack?: string;
  order_no?: string;
  amount_cents?: number;
};

/** the enable-check's answer */
export interface StatConfig {
  enabled: boolean;
  report_interval_s: number;
  session_overtime_app_s: number;
  session_overtime_page_s: number;
  cache_ms: number;
}

/** a refused call (bad event name or value, bad amount): `field` names the argument */
export class StatError extends Error {
  constructor(
    readonly code: string,
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'StatError';
  }
}

export interface Stat {
  /** a page view; without an argument, the adapter's current page */
  page(page?: StatPage): void;
  /** a custom event: name <= 255 characters, value a string or object <= 255 characters as JSON */
  event(name: string, value?: string | Record<string, unknown> | unknown[] | null): void;
  error(message: string, stack?: string): void;
  crash(message: string, stack?: string): void;
  pay(orderNo: string, amountCents: number): void;
  setUser(uid: string | null): void;
  show(scene?: string): void;
  hide(): void;
  /** sends what is queued now (normally the timer does) */
  flush(): Promise<void>;
  readonly deviceId: string;
  readonly sessionId: string;
  /** false once the enable-check said reporting is off */
  readonly enabled: boolean;
  /** records not yet accepted */
  readonly pending: number;
  /** stops timers and listeners (the queue stays in storage) */
  destroy(): void;
}

/** at most this many records per request (the receiver's limit) */
export const STAT_BATCH_MAX = 500;
/** beacons carry smaller batches: browsers cap a beacon at about 64 kB */
const BEACON_BATCH = 100;
/** the longest wait between retries of a failing receiver */
const BACKOFF_MAX_MS = 600_000;
/**
 * the receiver's length caps (its STAT_CAPS): a longer envelope field gets the whole batch
 * refused, so the SDK refuses it at once; device facts and urls are cut instead
 */
const CAPS = { uid: 128, channel: 64, scene: 64, version: 32, os: 64, device_model: 128, screen: 32, language: 32, url: 4096 } as const;
const cut = (v: string | undefined, max: number) => (v ? cutText(v, max) : '');

function checkField(field: 'uid' | 'channel' | 'scene' | 'version', v: unknown) {
  if (v !== undefined && v !== null && (typeof v !== 'string' || textLength(v) > CAPS[field])) {
    throw new StatError('STAT_FIELD_INVALID', field, `${field} must be a string of at most ${CAPS[field]} characters`);
  }
}

/** a queued record with the envelope facts it was recorded under */
type Queued = { r: StatRecord; u: string | null; s: string };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomId(length: number): string {
  const bytes = new Uint8Array(length);
  const c = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto;
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < length; i++) bytes[i] = Math.floor(Math.random() * 256);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i] % ALPHABET.length];
  return out;
}

/** the platforms whose sessions time out like an app's (300 s) rather than a web page's (1800 s) */
const isAppPlatform = (platform: string) => platform !== 'web' && platform !== 'h5';

/** Retry-After in seconds or as an HTTP date -> ms to wait */
function retryAfterMs(value: string | null, now: number): number {
  if (!value) return 60_000;
  const s = Number(value);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : 60_000;
}

function readJson<T>(storage: StatStorage, key: string): T | null {
  try {
    const text = storage.get(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function writeJson(storage: StatStorage, key: string, value: unknown) {
  try {
    storage.set(key, JSON.stringify(value));
  } catch {
    /* storage full or denied: the records stay in memory */
  }
}

/** checks an event the way the receiver does (spec section 5), throwing a StatError */
export function checkEvent(name: unknown, value: unknown) {
  if (typeof name !== 'string' || name.length === 0 || textLength(name) > STAT_SPEC.EVENT_NAME_MAX) {
    throw new StatError('STAT_EVENT_NAME_INVALID', 'name', `the event name must be a string of 1 to ${STAT_SPEC.EVENT_NAME_MAX} characters`);
  }
  if (value === undefined || value === null) return;
  let text: string | undefined;
  try {
    if (typeof value === 'string') text = value;
    else if (typeof value === 'object') text = JSON.stringify(value);
  } catch {
    /* a cycle: not JSON */
  }
  if (text === undefined || textLength(text) > STAT_SPEC.EVENT_VALUE_MAX) {
    throw new StatError(
      'STAT_EVENT_VALUE_INVALID',
      'value',
      `the event value must be a string or an object of at most ${STAT_SPEC.EVENT_VALUE_MAX} characters (as JSON)`,
    );
  }
}

export function createStat(opts: StatOptions): Stat {
  const { storage, transport, platform } = opts;
  if (typeof opts.appid !== 'string' || !opts.appid) throw new StatError('STAT_APP_UNKNOWN', 'appid', "appid is required: an appid of the console's app list");
  if (!(STAT_PLATFORMS as readonly string[]).includes(platform))
    throw new StatError('STAT_PLATFORM_INVALID', 'platform', `platform must be one of ${STAT_PLATFORMS.join(', ')}`);
  for (const f of ['uid', 'channel', 'scene', 'version'] as const) checkField(f, opts[f]);
  const prefix = `${opts.storagePrefix ?? 'uni_stat_'}`;
  const keys = { device: `${prefix}did`, session: `${prefix}ses_${opts.appid}`, queue: `${prefix}q_${opts.appid}`, config: `${prefix}cfg_${opts.appid}` };
  const configUrl = opts.configEndpoint ?? opts.endpoint.replace(/\/report(\?.*)?$/, '/config');
  const maxQueue = opts.maxQueue ?? 1000;

  let deviceId = storage.get(keys.device) ?? '';
  if (deviceId.length < STAT_SPEC.DEVICE_ID_MIN || deviceId.length > STAT_SPEC.DEVICE_ID_MAX) {
    const n = Math.min(STAT_SPEC.DEVICE_ID_MAX, Math.max(STAT_SPEC.DEVICE_ID_MIN, opts.deviceIdLength ?? STAT_SPEC.DEVICE_ID_DEFAULT));
    deviceId = randomId(n);
    try {
      storage.set(keys.device, deviceId);
    } catch {
      /* a device id for this run only */
    }
  }

  let uid = opts.uid ?? null;
  let scene = opts.scene ?? '';
  let queue: Queued[] = (readJson<Queued[]>(storage, keys.queue) ?? []).filter((q) => q && q.r && typeof q.r.id === 'string');
  let session = readJson<{ sid: string; last: number }>(storage, keys.session);
  let visible = true;
  let lastUrl: string | null = null;
  let enabled = true;
  let config: StatConfig | null = null;
  let configPromise: Promise<void> | null = null;
  let pausedUntil = 0;
  let failures = 0;
  let sending = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let destroyed = false;
  const recentErrors = new Map<string, number>();

  const overtimeMs = () =>
    1000 *
    (isAppPlatform(platform)
      ? (config?.session_overtime_app_s ?? STAT_SPEC.SESSION_OVERTIME_APP_S)
      : (config?.session_overtime_page_s ?? STAT_SPEC.SESSION_OVERTIME_PAGE_S));
  const intervalMs = () => 1000 * (opts.reportIntervalS ?? config?.report_interval_s ?? STAT_SPEC.REPORT_INTERVAL_DEFAULT_S);

  const saveQueue = () => writeJson(storage, keys.queue, queue);

  function push(kind: StatKind, fields: Partial<StatRecord>, now: number) {
    queue.push({ r: { id: randomId(20), ts: now, kind, sid: session!.sid, ...fields }, u: uid, s: scene });
    if (queue.length > maxQueue) queue = queue.slice(queue.length - maxQueue);
    session!.last = now;
    writeJson(storage, keys.session, session);
    saveQueue();
  }

  /** the session of a record made now: a new one (with its launch) after the overtime */
  function touch(now: number) {
    if (!session || now - session.last > overtimeMs()) {
      session = { sid: randomId(24), last: now };
      lastUrl = null;
      push('launch', pageFields(), now);
      return true;
    }
    return false;
  }

  const pageFields = (): Partial<StatRecord> => {
    const p = opts.currentPage?.();
    return p?.url ? { url: cut(p.url, CAPS.url) } : {};
  };

  function record(kind: StatKind, fields: Partial<StatRecord>) {
    if (!enabled || destroyed) return;
    const now = Date.now();
    touch(now);
    push(kind, fields, now);
    if (queue.length >= STAT_BATCH_MAX) void flush();
  }

  async function checkConfig(): Promise<void> {
    const cached = readJson<{ at: number; config: StatConfig }>(storage, keys.config);
    if (cached && Date.now() - cached.at < (cached.config.cache_ms || STAT_SPEC.ENABLE_CHECK_CACHE_MS)) {
      applyConfig(cached.config);
      return;
    }
    try {
      const q = `appid=${encodeURIComponent(opts.appid)}&version=${encodeURIComponent(opts.version)}`;
      const res = await transport.send({ method: 'GET', url: `${configUrl}${configUrl.includes('?') ? '&' : '?'}${q}` });
      const body = res.body as { data?: Partial<StatConfig> } & Partial<StatConfig>;
      const c = body && typeof body === 'object' ? (body.data ?? body) : null;
      if (res.status === 200 && c && typeof c.enabled === 'boolean') {
        const full: StatConfig = {
          enabled: c.enabled,
          report_interval_s: c.report_interval_s ?? STAT_SPEC.REPORT_INTERVAL_DEFAULT_S,
          session_overtime_app_s: c.session_overtime_app_s ?? STAT_SPEC.SESSION_OVERTIME_APP_S,
          session_overtime_page_s: c.session_overtime_page_s ?? STAT_SPEC.SESSION_OVERTIME_PAGE_S,
          cache_ms: c.cache_ms ?? STAT_SPEC.ENABLE_CHECK_CACHE_MS,
        };
        writeJson(storage, keys.config, { at: Date.now(), config: full });
        applyConfig(full);
      }
    } catch {
      /* unreachable: report with the defaults; a 403 from the receiver says if it is off */
    }
  }

  function applyConfig(c: StatConfig) {
    config = c;
    if (!c.enabled) disable();
  }

  function disable() {
    enabled = false;
    queue = [];
    try {
      storage.remove(keys.queue);
    } catch {
      /* nothing kept anyway */
    }
    stopTimer();
  }

  /** the enable-check when there is none or it is older than its cache time */
  function ensureConfig(): Promise<void> {
    if (!configPromise) configPromise = checkConfig();
    return configPromise;
  }

  function stopTimer() {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  function schedule() {
    stopTimer();
    if (!enabled || destroyed) return;
    timer = setTimeout(async () => {
      timer = null;
      await flush();
      schedule();
    }, intervalMs());
  }

  /** the next batch: records of one envelope (uid, scene), at most `max` */
  function nextBatch(max: number): Queued[] {
    const first = queue[0];
    const batch: Queued[] = [];
    for (const q of queue) {
      if (batch.length >= max) break;
      if (q.u === first.u && q.s === first.s) batch.push(q);
    }
    return batch;
  }

  function envelope(batch: Queued[]) {
    const d = opts.device?.() ?? {};
    return JSON.stringify({
      appid: opts.appid,
      device_id: deviceId,
      ...(batch[0].u ? { uid: batch[0].u } : {}),
      platform,
      channel: opts.channel ?? '',
      scene: batch[0].s,
      version: opts.version,
      os: cut(d.os, CAPS.os),
      device_model: cut(d.device_model, CAPS.device_model),
      screen: cut(d.screen, CAPS.screen),
      language: cut(d.language, CAPS.language),
      records: batch.map((q) => q.r),
    });
  }

  const drop = (batch: Queued[]) => {
    const sent = new Set(batch);
    queue = queue.filter((q) => !sent.has(q));
    saveQueue();
  };

  async function flush(): Promise<void> {
    if (sending || destroyed) return;
    sending = true;
    try {
      await ensureConfig();
      // the cached answer expires while a page stays open: ask again
      if (enabled && config && !configFresh()) {
        configPromise = null;
        await ensureConfig();
      }
      while (enabled && queue.length && Date.now() >= pausedUntil) {
        const batch = nextBatch(STAT_BATCH_MAX);
        let res: StatResponse;
        try {
          res = await transport.send({ method: 'POST', url: opts.endpoint, body: envelope(batch) });
        } catch {
          backoff();
          return;
        }
        if (res.status === 200) {
          // refused records (bad fields) would be refused again: they go too
          failures = 0;
          drop(batch);
        } else if (res.status === 429) {
          pausedUntil = Date.now() + retryAfterMs(res.retryAfter, Date.now());
          return;
        } else if (res.status === 403) {
          writeJson(storage, keys.config, { at: Date.now(), config: { ...(config ?? defaults()), enabled: false } });
          disable();
          return;
        } else if (res.status >= 400 && res.status < 500) {
          // a bad envelope (unknown appid, ...) would be refused again
          drop(batch);
        } else {
          backoff();
          return;
        }
      }
    } finally {
      sending = false;
    }
  }

  const defaults = (): StatConfig => ({
    enabled: true,
    report_interval_s: STAT_SPEC.REPORT_INTERVAL_DEFAULT_S,
    session_overtime_app_s: STAT_SPEC.SESSION_OVERTIME_APP_S,
    session_overtime_page_s: STAT_SPEC.SESSION_OVERTIME_PAGE_S,
    cache_ms: STAT_SPEC.ENABLE_CHECK_CACHE_MS,
  });

  function configFresh() {
    const cached = readJson<{ at: number; config: StatConfig }>(storage, keys.config);
    return !cached || Date.now() - cached.at < (cached.config.cache_ms || STAT_SPEC.ENABLE_CHECK_CACHE_MS);
  }

  /** a failing receiver: wait twice as long each time, up to BACKOFF_MAX_MS */
  function backoff() {
    failures++;
    pausedUntil = Date.now() + Math.min(BACKOFF_MAX_MS, intervalMs() * 2 ** (failures - 1));
  }

  /**
   * what is queued, sent as the app goes away: by beacon where there is one (the receiver takes
   * text/plain JSON), else by an ordinary send (mini programs keep running briefly when hidden)
   */
  function beaconAll() {
    if (!enabled || !config || Date.now() < pausedUntil) {
      saveQueue();
      return;
    }
    if (!transport.beacon) {
      void flush();
      return;
    }
    while (queue.length) {
      const batch = nextBatch(BEACON_BATCH);
      if (!transport.beacon(opts.endpoint, envelope(batch))) break;
      drop(batch);
    }
  }

  function show(sceneNow?: string) {
    if (sceneNow !== undefined) scene = cut(sceneNow, CAPS.scene);
    if (!enabled || destroyed) return;
    const wasHidden = !visible;
    visible = true;
    if (!touch(Date.now()) && wasHidden) push('show', pageFields(), Date.now());
  }

  function hide() {
    if (!visible || !enabled || destroyed) return;
    visible = false;
    record('hide', pageFields());
    beaconAll();
  }

  function page(p?: StatPage) {
    const cur = p ?? opts.currentPage?.();
    if (!cur?.url || !enabled || destroyed) return;
    const now = Date.now();
    touch(now);
    // the same page again at once (two route hooks for one change) counts once
    const last = queue[queue.length - 1]?.r;
    if (last?.kind === 'page' && last.url === cut(cur.url, CAPS.url) && now - last.ts < 1000) return;
    const url = cut(cur.url, CAPS.url);
    const referrer = cut(p?.referrer ?? lastUrl ?? cur.referrer, CAPS.url);
    lastUrl = url;
    record('page', { url, referrer, ...(cur.title ? { title: cutText(cur.title, 512) } : {}) });
  }

  function error(kind: 'error' | 'crash', message: string, stack?: string) {
    const text = cutText(String(message || 'Error'), 2000);
    // the receiver counts one occurrence per device in this window; nothing to gain in sending more
    const key = `${kind}\n${text}\n${stack ?? ''}`;
    const now = Date.now();
    const seen = recentErrors.get(key);
    if (seen !== undefined && now - seen < STAT_SPEC.ERROR_DEDUP_S * 1000) return;
    recentErrors.set(key, now);
    record(kind, { message: text, ...(stack ? { stack: cutText(String(stack), 8000) } : {}), ...pageFields() });
  }

  const unlisten = opts.listen?.({
    show,
    hide,
    unload: () => {
      if (visible) hide();
      else beaconAll();
    },
    route: () => page(),
    error: (m, s) => error('error', m, s),
    crash: (m, s) => error('crash', m, s),
  });

  // the start: a launch when the session is new (a show when it continues), the first page view
  void ensureConfig().then(() => {
    if (!enabled || destroyed) return;
    schedule();
  });
  // (a cached "disabled" answer is known at once: then nothing is recorded)
  if (enabled) {
    if (!touch(Date.now())) push('show', pageFields(), Date.now());
    page();
  }

  return {
    page,
    event(name, value) {
      checkEvent(name, value);
      record('event', { name, ...(value === undefined || value === null ? {} : { value }), ...pageFields() });
    },
    error: (m, s) => error('error', m, s),
    crash: (m, s) => error('crash', m, s),
    pay(orderNo, amountCents) {
      if (typeof orderNo !== 'string' || !orderNo || textLength(orderNo) > 64)
        throw new StatError('STAT_PAY_INVALID', 'order_no', 'the order number must be a string of 1 to 64 characters');
      if (!Number.isInteger(amountCents) || amountCents < 0)
        throw new StatError('STAT_PAY_INVALID', 'amount_cents', 'the amount must be a whole number of cents, 0 or more');
      record('pay', { order_no: orderNo, amount_cents: amountCents });
    },
    setUser(next) {
      checkField('uid', next);
      uid = next || null;
    },
    show,
    hide,
    flush,
    get deviceId() {
      return deviceId;
    },
    get sessionId() {
      return session?.sid ?? '';
    },
    get enabled() {
      return enabled;
    },
    get pending() {
      return queue.length;
    },
    destroy() {
      destroyed = true;
      stopTimer();
      unlisten?.();
    },
  };
}
