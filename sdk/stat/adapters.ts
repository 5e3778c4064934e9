/**
 * The environments the statistics SDK runs in: web pages (localStorage, fetch + sendBeacon,
 * visibility and route changes, window errors) and mini programs / uni-app apps (a wx-like API
 * object passed in: storage, request, app show/hide, errors).
 */
import type { StatAdapters, StatDevice, StatHooks, StatPage, StatResponse, StatStorage } from './index';

function memoryStorage(): StatStorage {
  const m = new Map<string, string>();
  return { get: (k) => m.get(k) ?? null, set: (k, v) => void m.set(k, v), remove: (k) => void m.delete(k) };
}

/** a rough OS name from the user agent (the receiver keeps it as given) */
function osOf(ua: string): string {
  if (/Windows/i.test(ua)) return 'Windows';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'iOS';
  if (/Android/i.test(ua)) return 'Android';
  if (/Mac OS X/i.test(ua)) return 'macOS';
  if (/HarmonyOS|OpenHarmony/i.test(ua)) return 'HarmonyOS';
  if (/Linux/i.test(ua)) return 'Linux';
  return '';
}

const messageOf = (e: unknown): { message: string; stack?: string } => {
  if (e instanceof Error) return { message: e.message || e.name, stack: e.stack };
  if (e && typeof e === 'object' && 'message' in e) return { message: String((e as { message: unknown }).message) };
  return { message: String(e) };
};

export interface WebAdapterOptions {
  /** record a page view on history and hash route changes (default true) */
  routes?: boolean;
  /** report window errors and unhandled rejections (default true) */
  errors?: boolean;
}

/** the browser: localStorage, fetch, sendBeacon (text/plain JSON), visibilitychange/pagehide, routes, errors */
export function webAdapters(options: WebAdapterOptions = {}): StatAdapters {
  let storage: StatStorage;
  try {
    const ls = window.localStorage;
    storage = { get: (k) => ls.getItem(k), set: (k, v) => ls.setItem(k, v), remove: (k) => ls.removeItem(k) };
  } catch {
    storage = memoryStorage();
  }
  return {
    storage,
    transport: {
      async send(req): Promise<StatResponse> {
        const res = await fetch(req.url, {
          method: req.method,
          body: req.body,
          // JSON as text/plain (the receiver takes both): a cross-origin report then needs no
          // CORS preflight, one request instead of two
          headers: req.body ? { 'content-type': 'text/plain;charset=UTF-8' } : undefined,
          credentials: 'omit',
          keepalive: req.method === 'POST' && (req.body?.length ?? 0) < 60_000,
        });
        let body: unknown = null;
        try {
          body = await res.json();
        } catch {
          /* not JSON */
        }
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
      },
      beacon(url, body) {
        // a string body goes as text/plain: no CORS preflight, which a closing page cannot wait for
        return typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon(url, body) : false;
      },
    },
    device(): StatDevice {
      const n = typeof navigator !== 'undefined' ? navigator : undefined;
      return {
        os: osOf(n?.userAgent ?? ''),
        screen: typeof screen !== 'undefined' && screen.width ? `${screen.width}x${screen.height}` : '',
        language: n?.language ?? '',
      };
    },
    currentPage: (): StatPage => ({ url: location.href, referrer: document.referrer, title: document.title }),
    listen(hooks: StatHooks) {
      const off: Array<() => void> = [];
      const on = (target: EventTarget, type: string, fn: (e: Event) => void) => {
        target.addEventListener(type, fn);
        off.push(() => target.removeEventListener(type, fn));
      };
      on(document, 'visibilitychange', () => (document.visibilityState === 'hidden' ? hooks.hide() : hooks.show()));
      on(window, 'pagehide', () => hooks.unload());
      if (options.routes !== false) {
        let seen = location.href;
        // the title follows the route a moment later: read the page after this task
        const changed = () =>
          setTimeout(() => {
            if (location.href === seen) return;
            seen = location.href;
            hooks.route();
          }, 0);
        on(window, 'popstate', changed);
        on(window, 'hashchange', changed);
        for (const method of ['pushState', 'replaceState'] as const) {
          const original = history[method];
          const patched = function (this: History, ...args: Parameters<History['pushState']>) {
            const r = original.apply(this, args);
            changed();
            return r;
          };
          history[method] = patched;
          off.push(() => {
            if (history[method] === patched) history[method] = original;
          });
        }
      }
      if (options.errors !== false) {
        on(window, 'error', (e) => {
          const ev = e as ErrorEvent;
          // a resource that failed to load is no script error
          if (!(ev instanceof ErrorEvent)) return;
          const { message, stack } = ev.error ? messageOf(ev.error) : { message: ev.message, stack: undefined };
          hooks.error(message || 'Script error', stack);
        });
        on(window, 'unhandledrejection', (e) => {
          const { message, stack } = messageOf((e as PromiseRejectionEvent).reason);
          hooks.error(message, stack);
        });
      }
      return () => off.forEach((f) => f());
    },
  };
}

/** the part of wx / uni (or another mini-program platform's object) the SDK uses */
export interface MiniProgramApi {
  getStorageSync(key: string): unknown;
  setStorageSync(key: string, value: string): void;
  removeStorageSync?(key: string): void;
  request(opts: {
    url: string;
    method: 'GET' | 'POST';
    data?: string;
    header?: Record<string, string>;
    dataType?: string;
    success(res: { statusCode: number; data: unknown; header?: Record<string, string> }): void;
    fail(err: unknown): void;
  }): unknown;
  onAppShow?(fn: (opts: { scene?: number | string; path?: string; query?: Record<string, string> }) => void): void;
  offAppShow?(fn: (...args: never[]) => void): void;
  onAppHide?(fn: () => void): void;
  offAppHide?(fn: (...args: never[]) => void): void;
  onError?(fn: (error: unknown) => void): void;
  onUnhandledRejection?(fn: (res: { reason: unknown }) => void): void;
  getSystemInfoSync?(): { platform?: string; system?: string; model?: string; screenWidth?: number; screenHeight?: number; language?: string };
}

export interface MiniProgramAdapterOptions {
  /** the pages stack (the global getCurrentPages of mini programs) for page views without a url */
  getCurrentPages?: () => Array<{ route?: string; options?: Record<string, string> }>;
  /** a native crash hook of the app (e.g. a crash-reporting plugin's listener) */
  onCrash?: (fn: (message: string, stack?: string) => void) => void;
}

/** mini programs and uni-app apps: storage, request, app show/hide (with the scene), errors */
export function miniProgramAdapters(api: MiniProgramApi, options: MiniProgramAdapterOptions = {}): StatAdapters {
  return {
    storage: {
      get(key) {
        const v = api.getStorageSync(key);
        return typeof v === 'string' && v !== '' ? v : null;
      },
      set: (key, value) => api.setStorageSync(key, value),
      remove: (key) => (api.removeStorageSync ? api.removeStorageSync(key) : api.setStorageSync(key, '')),
    },
    transport: {
      send: (req) =>
        new Promise<StatResponse>((resolve, reject) => {
          api.request({
            url: req.url,
            method: req.method,
            data: req.body,
            header: req.body ? { 'content-type': 'application/json' } : {},
            dataType: 'json',
            success: (res) => {
              const h = res.header ?? {};
              resolve({ status: res.statusCode, retryAfter: h['Retry-After'] ?? h['retry-after'] ?? null, body: res.data });
            },
            fail: reject,
          });
        }),
    },
    device(): StatDevice {
      const info = api.getSystemInfoSync?.() ?? {};
      return {
        os: info.system ?? info.platform ?? '',
        device_model: info.model ?? '',
        screen: info.screenWidth ? `${info.screenWidth}x${info.screenHeight}` : '',
        language: info.language ?? '',
      };
    },
    currentPage(): StatPage | null {
      const pages = options.getCurrentPages?.() ?? [];
      const top = pages[pages.length - 1];
      if (!top?.route) return null;
      const q = Object.entries(top.options ?? {})
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('&');
      return { url: `/${top.route.replace(/^\//, '')}${q ? `?${q}` : ''}` };
    },
    listen(hooks: StatHooks) {
      const onShow = (o: { scene?: number | string }) => hooks.show(o?.scene === undefined ? undefined : String(o.scene));
      const onHide = () => hooks.hide();
      api.onAppShow?.(onShow);
      api.onAppHide?.(onHide);
      api.onError?.((e) => {
        const { message, stack } = messageOf(e);
        // wx hands the message and stack as one string: the first line is the message
        const [first, ...rest] = message.split('\n');
        hooks.error(first, stack ?? (rest.length ? rest.join('\n') : undefined));
      });
      api.onUnhandledRejection?.((r) => {
        const { message, stack } = messageOf(r?.reason);
        hooks.error(message, stack);
      });
      options.onCrash?.((message, stack) => hooks.crash(message, stack));
      return () => {
        api.offAppShow?.(onShow);
        api.offAppHide?.(onHide);
      };
    },
  };
}
