/**
 * The statistics SDK (sdk/stat) against a fake transport: what goes on the wire, sessions, the
 * device id, event rules, the queue (interval, offline, retries with the same ids, 429), the
 * enable-check and its cache, the beacon on hide, and the web and mini-program adapters.
 */
import {
  createStat,
  miniProgramAdapters,
  StatError,
  webAdapters,
  type StatOptions,
  type StatRequest,
  type StatResponse,
  type StatStorage,
} from '../../sdk/stat';
import { STAT_SPEC } from '../../shared/stat';
import { startConsoleStat } from '../../src/shared/stat-client';

function memoryStorage(): StatStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, get: (k) => data.get(k) ?? null, set: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) };
}

type Answer = StatResponse | 'offline';
interface Envelope {
  appid: string;
  device_id: string;
  uid?: string;
  scene: string;
  records: Array<Record<string, unknown> & { id: string; kind: string; sid: string; ts: number }>;
}

/** answers the config check with `config` and each report with the next queued answer (200 by default) */
function fakeTransport(config: Record<string, unknown> = { enabled: true, report_interval_s: 10 }) {
  const requests: StatRequest[] = [];
  const beacons: Array<{ url: string; body: Envelope }> = [];
  const answers: Answer[] = [];
  const transport = {
    requests,
    beacons,
    answers,
    reports: () => requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body!) as Envelope),
    configChecks: () => requests.filter((r) => r.method === 'GET'),
    async send(req: StatRequest): Promise<StatResponse> {
      requests.push(req);
      if (req.method === 'GET')
        return {
          status: 200,
          retryAfter: null,
          body: { success: true, data: { session_overtime_app_s: 300, session_overtime_page_s: 1800, cache_ms: 86_400_000, ...config } },
        };
      const a = answers.shift() ?? { status: 200, retryAfter: null, body: { success: true, data: { accepted: 1, duplicates: 0, rejected: [] } } };
      if (a === 'offline') throw new TypeError('Failed to fetch');
      return a;
    },
    beacon(url: string, body: string) {
      beacons.push({ url, body: JSON.parse(body) });
      return true;
    },
  };
  return transport;
}

let page = { url: 'https://app.example.com/#/pages/home', referrer: 'https://search.example.com/', title: 'Home' };
const started: Array<{ destroy(): void }> = [];

function start(over: Partial<StatOptions> = {}, transport = fakeTransport(), storage = memoryStorage()) {
  const stat = createStat({
    appid: '__UNI__TEST',
    endpoint: 'https://stats.example.com/api/stat/report',
    platform: 'web',
    version: '1.2.0',
    storage,
    transport,
    currentPage: () => page,
    ...over,
  });
  started.push(stat);
  return { stat, transport, storage };
}

const kinds = (e: Envelope) => e.records.map((r) => r.kind);
const allRecords = (t: ReturnType<typeof fakeTransport>) => t.reports().flatMap((e) => e.records);

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-20T08:00:00Z') });
  localStorage.clear();
  page = { url: 'https://app.example.com/#/pages/home', referrer: 'https://search.example.com/', title: 'Home' };
});
afterEach(() => {
  started.splice(0).forEach((s) => s.destroy());
  jest.useRealTimers();
});

describe('what is sent', () => {
  it('an envelope with the app facts and records exactly per the wire format', async () => {
    const { stat, transport } = start({ channel: 'store', uid: 'u-1', device: () => ({ os: 'Linux', screen: '1920x1080', language: 'en-US' }) });
    stat.event('share', { to: 'friend' });
    page = { url: 'https://app.example.com/#/pages/list?tab=2', referrer: '', title: 'List' };
    stat.page();
    stat.pay('ORDER-1', 1990);
    stat.error('boom', 'Error: boom\n    at x.js:1:2');
    await jest.advanceTimersByTimeAsync(10_000);

    expect(transport.configChecks().map((r) => r.url)).toEqual(['https://stats.example.com/api/stat/config?appid=__UNI__TEST&version=1.2.0']);
    const [env] = transport.reports();
    expect(transport.reports()).toHaveLength(1);
    expect(env).toEqual({
      appid: '__UNI__TEST',
      device_id: stat.deviceId,
      uid: 'u-1',
      platform: 'web',
      channel: 'store',
      scene: '',
      version: '1.2.0',
      os: 'Linux',
      device_model: '',
      screen: '1920x1080',
      language: 'en-US',
      records: expect.any(Array),
    });
    const sid = stat.sessionId;
    const ts = Date.parse('2026-11-20T08:00:00Z');
    const home = 'https://app.example.com/#/pages/home';
    const list = 'https://app.example.com/#/pages/list?tab=2';
    expect(env.records.map(({ id, ...r }) => (expect(id).toMatch(/^[A-Za-z0-9]{20}$/), r))).toEqual([
      { ts, kind: 'launch', sid, url: home },
      { ts, kind: 'page', sid, url: home, referrer: 'https://search.example.com/', title: 'Home' },
      { ts, kind: 'event', sid, name: 'share', value: { to: 'friend' }, url: home },
      { ts, kind: 'page', sid, url: list, referrer: home, title: 'List' },
      { ts, kind: 'pay', sid, order_no: 'ORDER-1', amount_cents: 1990 },
      { ts, kind: 'error', sid, message: 'boom', stack: 'Error: boom\n    at x.js:1:2', url: list },
    ]);
    expect(new Set(env.records.map((r) => r.id)).size).toBe(6);
    expect(stat.pending).toBe(0);
  });

  it('setUser changes the uid of later records; earlier ones keep theirs (separate envelopes)', async () => {
    const { stat, transport } = start();
    stat.setUser('alice');
    stat.event('signed-in');
    await jest.advanceTimersByTimeAsync(10_000);
    const [before, after] = transport.reports();
    expect(before.uid).toBeUndefined();
    expect(kinds(before)).toEqual(['launch', 'page']);
    expect(after.uid).toBe('alice');
    expect(kinds(after)).toEqual(['event']);
  });

  it('the same error from one device within 5 minutes is sent once', async () => {
    const { stat, transport } = start();
    stat.error('same');
    stat.error('same');
    jest.setSystemTime(Date.now() + STAT_SPEC.ERROR_DEDUP_S * 1000 + 1);
    stat.error('same');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(allRecords(transport).filter((r) => r.kind === 'error')).toHaveLength(2);
  });
});

describe('sessions and the device id', () => {
  it('a web page keeps its session up to 1800 s idle, then a new one starts with a launch', async () => {
    const { stat, transport } = start();
    const first = stat.sessionId;
    expect(first).toMatch(/^[A-Za-z0-9]{24}$/);
    jest.setSystemTime(Date.now() + STAT_SPEC.SESSION_OVERTIME_PAGE_S * 1000);
    stat.event('still-here');
    expect(stat.sessionId).toBe(first);
    jest.setSystemTime(Date.now() + STAT_SPEC.SESSION_OVERTIME_PAGE_S * 1000 + 1);
    stat.event('back');
    expect(stat.sessionId).not.toBe(first);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(allRecords(transport).map((r) => [r.kind, r.sid === first ? 'old' : 'new'])).toEqual([
      ['launch', 'old'],
      ['page', 'old'],
      ['event', 'old'],
      ['launch', 'new'],
      ['event', 'new'],
    ]);
  });

  it('an app session times out after 300 s; a reload within the session reports a show, not a launch', async () => {
    const storage = memoryStorage();
    const a = start({ platform: 'android' }, fakeTransport(), storage).stat;
    const sid = a.sessionId;
    a.destroy();
    jest.setSystemTime(Date.now() + 299_000);
    const again = start({ platform: 'android' }, fakeTransport(), storage);
    expect(again.stat.sessionId).toBe(sid);
    again.stat.destroy();
    jest.setSystemTime(Date.now() + 301_000);
    const later = start({ platform: 'android' }, fakeTransport(), storage);
    expect(later.stat.sessionId).not.toBe(sid);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(again.transport.reports()).toHaveLength(0);
    // the reload's records stayed in storage and went with the next start
    const sent = allRecords(later.transport).map((r) => `${r.kind}:${r.sid === sid ? 'old' : 'new'}`);
    expect(sent).toEqual(['launch:old', 'page:old', 'show:old', 'page:old', 'launch:new', 'page:new']);
  });

  it('the device id is made once (32 characters), kept in storage, and always 16 to 48 long', () => {
    const storage = memoryStorage();
    const a = start({}, fakeTransport(), storage).stat;
    expect(a.deviceId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(start({}, fakeTransport(), storage).stat.deviceId).toBe(a.deviceId);
    expect(start({ deviceIdLength: 8 }).stat.deviceId).toHaveLength(16);
    expect(start({ deviceIdLength: 100 }).stat.deviceId).toHaveLength(48);
    const bad = memoryStorage();
    bad.set('uni_stat_did', 'short');
    const fixed = start({}, fakeTransport(), bad).stat.deviceId;
    expect(fixed).toHaveLength(32);
    expect(bad.get('uni_stat_did')).toBe(fixed);
  });
});

describe('custom events (spec section 5)', () => {
  it('refuses a name that is not a string of 1..255 and a value over 255 characters as JSON', () => {
    const { stat } = start();
    const refused = (fn: () => void) => {
      try {
        fn();
      } catch (e) {
        return e instanceof StatError ? `${e.code} ${e.field}` : String(e);
      }
      return 'accepted';
    };
    expect(refused(() => stat.event('x'.repeat(256)))).toBe('STAT_EVENT_NAME_INVALID name');
    expect(refused(() => stat.event(''))).toBe('STAT_EVENT_NAME_INVALID name');
    expect(refused(() => stat.event(42 as unknown as string))).toBe('STAT_EVENT_NAME_INVALID name');
    expect(refused(() => stat.event('ok', 'v'.repeat(256)))).toBe('STAT_EVENT_VALUE_INVALID value');
    expect(refused(() => stat.event('ok', { text: 'v'.repeat(250) }))).toBe('STAT_EVENT_VALUE_INVALID value');
    expect(refused(() => stat.event('ok', 7 as unknown as string))).toBe('STAT_EVENT_VALUE_INVALID value');
    expect(() => stat.event('ok', 'v'.repeat(256))).toThrow('the event value must be a string or an object of at most 255 characters (as JSON)');
    expect(refused(() => stat.event('x'.repeat(255), 'v'.repeat(255)))).toBe('accepted');
    expect(refused(() => stat.event('ok', { text: 'v'.repeat(244) }))).toBe('accepted');
    expect(refused(() => stat.event('ok'))).toBe('accepted');
    expect(refused(() => stat.pay('A-1', 1.5))).toBe('STAT_PAY_INVALID amount_cents');
    expect(stat.pending).toBe(5);
  });

  it('refuses what the receiver would refuse for the whole batch: an unknown platform, overlong envelope fields', () => {
    const refused = (fn: () => void) => {
      try {
        fn();
      } catch (e) {
        return e instanceof StatError ? `${e.code} ${e.field}` : String(e);
      }
      return 'accepted';
    };
    expect(refused(() => start({ platform: 'windows-phone' }))).toBe('STAT_PLATFORM_INVALID platform');
    expect(refused(() => start({ version: '1'.repeat(33) }))).toBe('STAT_FIELD_INVALID version');
    expect(refused(() => start({ channel: 'c'.repeat(65) }))).toBe('STAT_FIELD_INVALID channel');
    expect(refused(() => start().stat.setUser('u'.repeat(129)))).toBe('STAT_FIELD_INVALID uid');
    expect(refused(() => start({ platform: 'mp-weixin', scene: '1047', version: '1'.repeat(32) }).stat.setUser('u'.repeat(128)))).toBe('accepted');
  });
});

describe('the queue', () => {
  it('sends at the report interval the config check gives (20 s), or the one set in the options', async () => {
    const { transport } = start({}, fakeTransport({ enabled: true, report_interval_s: 20 }));
    await jest.advanceTimersByTimeAsync(19_900);
    expect(transport.reports()).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(100);
    expect(transport.reports()).toHaveLength(1);

    const own = start({ reportIntervalS: 5 }, fakeTransport({ enabled: true, report_interval_s: 20 })).transport;
    await jest.advanceTimersByTimeAsync(5_000);
    expect(own.reports()).toHaveLength(1);
  });

  it('keeps records offline in storage and retries them later with the same ids', async () => {
    const storage = memoryStorage();
    const transport = fakeTransport();
    transport.answers.push('offline');
    const { stat } = start({}, transport, storage);
    stat.event('offline-click');
    await jest.advanceTimersByTimeAsync(10_000);
    const tried = transport.reports()[0].records.map((r) => r.id);
    expect(tried).toHaveLength(3);
    expect(stat.pending).toBe(3);
    expect(JSON.parse(storage.get('uni_stat_q___UNI__TEST')!).map((q: { r: { id: string } }) => q.r.id)).toEqual(tried);

    // the page closes while offline; the next start sends them, ids unchanged
    stat.destroy();
    const next = start({}, fakeTransport(), storage);
    await jest.advanceTimersByTimeAsync(10_000);
    const resent = next.transport.reports()[0].records.map((r) => r.id);
    expect(resent.slice(0, 3)).toEqual(tried);
    expect(next.stat.pending).toBe(0);
    expect(JSON.parse(storage.get('uni_stat_q___UNI__TEST')!)).toEqual([]);
  });

  it('backs off while the receiver fails (5xx), then sends the same ids', async () => {
    const transport = fakeTransport();
    transport.answers.push({ status: 503, retryAfter: null, body: null }, { status: 503, retryAfter: null, body: null });
    const { stat } = start({}, transport);
    await jest.advanceTimersByTimeAsync(10_000);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(transport.reports()).toHaveLength(2);
    // second failure: wait 20 s (10 s x 2) before the next try
    await jest.advanceTimersByTimeAsync(10_000);
    expect(transport.reports()).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(10_000);
    const sent = transport.reports();
    expect(sent).toHaveLength(3);
    expect(sent[2].records.map((r) => r.id)).toEqual(sent[0].records.map((r) => r.id));
    expect(stat.pending).toBe(0);
  });

  it('honours 429 Retry-After', async () => {
    const transport = fakeTransport();
    transport.answers.push({ status: 429, retryAfter: '45', body: { success: false, errorCode: 'STAT_RATE_LIMITED' } });
    const { stat } = start({}, transport);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(transport.reports()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(40_000);
    expect(transport.reports()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(10_000);
    const sent = transport.reports();
    expect(sent).toHaveLength(2);
    expect(sent[1].records.map((r) => r.id)).toEqual(sent[0].records.map((r) => r.id));
    expect(stat.pending).toBe(0);
  });

  it('sends at most 500 records a request', async () => {
    const { stat, transport } = start({ reportIntervalS: 3600 });
    await jest.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 700; i++) stat.event('tap', String(i));
    await jest.advanceTimersByTimeAsync(3_600_000);
    expect(transport.reports().map((e) => e.records.length)).toEqual([500, 202]);
  });
});

describe('the enable-check', () => {
  it('a disabled answer stops reporting and drops the queue', async () => {
    const storage = memoryStorage();
    const { stat, transport } = start({}, fakeTransport({ enabled: false }), storage);
    stat.event('ignored');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(transport.reports()).toHaveLength(0);
    expect(stat.enabled).toBe(false);
    expect(stat.pending).toBe(0);
    expect(storage.get('uni_stat_q___UNI__TEST')).toBeNull();

    // the next start within the day: the cached answer; nothing recorded, nothing asked
    const next = start({}, fakeTransport(), storage);
    next.stat.event('still-ignored');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(next.transport.requests).toHaveLength(0);
    expect(next.stat.pending).toBe(0);
    expect(storage.get('uni_stat_q___UNI__TEST')).toBeNull();
  });

  it('a 403 from the receiver (reporting turned off) stops reporting too', async () => {
    const transport = fakeTransport();
    transport.answers.push({ status: 403, retryAfter: null, body: { success: false, errorCode: 'STAT_DISABLED' } });
    const { stat } = start({}, transport);
    await jest.advanceTimersByTimeAsync(10_000);
    stat.event('after');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(transport.reports()).toHaveLength(1);
    expect(stat.enabled).toBe(false);
  });

  it('the answer is cached for 24 h, then asked again', async () => {
    const storage = memoryStorage();
    const first = start({}, fakeTransport(), storage);
    await jest.advanceTimersByTimeAsync(0);
    expect(first.transport.configChecks()).toHaveLength(1);
    first.stat.destroy();
    jest.setSystemTime(Date.now() + STAT_SPEC.ENABLE_CHECK_CACHE_MS - 60_000);
    const second = start({}, fakeTransport(), storage);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(second.transport.configChecks()).toHaveLength(0);
    expect(second.transport.reports()).toHaveLength(1);
    // a page left open past the cache time asks again before its next send
    await jest.advanceTimersByTimeAsync(60_000);
    expect(second.transport.configChecks()).toHaveLength(1);
  });
});

describe('the web adapter', () => {
  const setVisibility = (state: 'hidden' | 'visible') => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  afterEach(() => setVisibility('visible'));

  function startWeb(transport = fakeTransport()) {
    const web = webAdapters();
    return start({ ...web, transport, currentPage: web.currentPage }, transport);
  }

  it('sends what is queued by beacon when the page is hidden, and a show when it comes back', async () => {
    window.history.replaceState(null, '', '/#/pages/a');
    const { transport } = startWeb();
    await jest.advanceTimersByTimeAsync(0);
    setVisibility('hidden');
    expect(transport.beacons).toHaveLength(1);
    expect(transport.beacons[0].url).toBe('https://stats.example.com/api/stat/report');
    expect(kinds(transport.beacons[0].body)).toEqual(['launch', 'page', 'hide']);
    expect(transport.beacons[0].body.records[2].url).toBe('http://localhost/#/pages/a');
    setVisibility('visible');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(transport.reports().flatMap(kinds)).toEqual(['show']);
  });

  it('records a page view on each route change with the previous page as referrer, and window errors', async () => {
    window.history.replaceState(null, '', '/#/pages/a');
    const { transport } = startWeb();
    window.history.pushState(null, '', '/#/pages/b?x=1');
    await jest.advanceTimersByTimeAsync(0);
    window.location.hash = '#/pages/c';
    await jest.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught TypeError: x is undefined', error: new TypeError('x is undefined') }));
    await jest.advanceTimersByTimeAsync(10_000);
    const records = allRecords(transport);
    expect(records.filter((r) => r.kind === 'page').map((r) => [r.url, r.referrer])).toEqual([
      ['http://localhost/#/pages/a', ''],
      ['http://localhost/#/pages/b?x=1', 'http://localhost/#/pages/a'],
      ['http://localhost/#/pages/c', 'http://localhost/#/pages/b?x=1'],
    ]);
    const error = records.find((r) => r.kind === 'error')!;
    expect(error.message).toBe('x is undefined');
    expect(String(error.stack)).toContain('TypeError: x is undefined');
  });
});

describe('the mini-program adapter', () => {
  it('uses the injected API: storage, request, app show/hide with the scene, a send on hide', async () => {
    const kept = new Map<string, unknown>();
    const hooks: { show?: (o: { scene: number }) => void; hide?: () => void } = {};
    const requests: Array<{ url: string; method: string; data?: string }> = [];
    const wx = {
      getStorageSync: (k: string) => kept.get(k) ?? '',
      setStorageSync: (k: string, v: string) => void kept.set(k, v),
      request(o: {
        url: string;
        method: 'GET' | 'POST';
        data?: string;
        success: (r: { statusCode: number; data: unknown; header: Record<string, string> }) => void;
      }) {
        requests.push({ url: o.url, method: o.method, data: o.data });
        const data = o.method === 'GET' ? { success: true, data: { enabled: true, report_interval_s: 20 } } : { success: true, data: { accepted: 1 } };
        o.success({ statusCode: 200, data, header: {} });
      },
      onAppShow: (fn: (o: { scene: number }) => void) => void (hooks.show = fn),
      onAppHide: (fn: () => void) => void (hooks.hide = fn),
      getSystemInfoSync: () => ({ system: 'iOS 17.1', model: 'iPhone 15', screenWidth: 393, screenHeight: 852, language: 'zh_CN' }),
    };
    const mp = miniProgramAdapters(wx, { getCurrentPages: () => [{ route: 'pages/index/index', options: { id: '7' } }] });
    const stat = createStat({
      ...mp,
      appid: '__UNI__MP',
      endpoint: 'https://s.example.com/api/stat/report',
      platform: 'mp-weixin',
      version: '2.0.0',
      scene: '1001',
    });
    started.push(stat);
    await jest.advanceTimersByTimeAsync(0);
    hooks.hide!();
    await jest.advanceTimersByTimeAsync(0);
    // no beacon in mini programs: hiding sends at once, while the app still runs
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    hooks.show!({ scene: 1047 });
    await jest.advanceTimersByTimeAsync(20_000);
    expect(requests[0]).toEqual({ url: 'https://s.example.com/api/stat/config?appid=__UNI__MP&version=2.0.0', method: 'GET', data: undefined });
    const envs = requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.data!) as Envelope & Record<string, unknown>);
    expect(envs.map((e) => [e.scene, kinds(e)])).toEqual([
      ['1001', ['launch', 'page', 'hide']],
      ['1047', ['show']],
    ]);
    expect(envs[0]).toMatchObject({ platform: 'mp-weixin', os: 'iOS 17.1', device_model: 'iPhone 15', screen: '393x852', language: 'zh_CN' });
    expect(envs[0].records[1].url).toBe('/pages/index/index?id=7');
    expect(kept.get('uni_stat_did')).toBe(stat.deviceId);
  });
});

describe("the console's own reporting", () => {
  it('sends nothing under jest', async () => {
    const fetchSpy = jest.fn();
    Object.assign(globalThis, { fetch: fetchSpy });
    await expect(startConsoleStat()).resolves.toBeNull();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(localStorage.getItem('uni_stat_did')).toBeNull();
  });
});
