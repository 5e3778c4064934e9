/**
 * The login state kept in the browser (spec section 3): the access token and its expiry,
 * the refresh token, and the score under its own key. The token payload is decoded
 * client-side: {uid, role, permission, exp} with exp converted to milliseconds.
 *
 * Persistence (spec sections 3 and 9, default 'session'): the tokens live in sessionStorage
 * (this tab only, gone when it closes) unless the user chose "keep me signed in" at login
 * ('local': localStorage). The store that holds the tokens is the memory of that choice, so a
 * refresh writes back to the same store. The score is no credential and stays in localStorage.
 */
import { SPEC } from './spec';

export const TOKEN_KEY = 'uni_id_token';
export const TOKEN_EXPIRED_KEY = 'uni_id_token_expired';
export const REFRESH_TOKEN_KEY = 'uni_id_refresh_token';
export const SCORE_KEY = 'uni_id_score';

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
export type Persistence = 'local' | 'session';

/** the two places a login can live */
export interface SessionStores {
  local: KeyValueStore;
  session: KeyValueStore;
}

export interface TokenPayload {
  uid: string;
  role: string[];
  permission: string[];
  /** expiry in ms (the JWT's exp * 1000) */
  exp: number;
}

export interface StoredSession {
  token: string | null;
  /** ms since the epoch; 0 when unknown */
  tokenExpired: number;
  refreshToken: string | null;
}

function memoryStore(): KeyValueStore {
  const memory = new Map<string, string>();
  return {
    getItem: (k) => (memory.has(k) ? memory.get(k)! : null),
    setItem: (k, v) => void memory.set(k, String(v)),
    removeItem: (k) => void memory.delete(k),
  };
}
const memoryLocal = memoryStore();
const memorySession = memoryStore();

function browserStore(kind: 'localStorage' | 'sessionStorage'): KeyValueStore | null {
  try {
    if (typeof window !== 'undefined' && window[kind]) return window[kind];
  } catch {
    /* access denied (private modes) */
  }
  return null;
}

/** localStorage, or an in-memory stand-in where it is unavailable (private modes, SSR) */
export function defaultStore(): KeyValueStore {
  return browserStore('localStorage') ?? memoryLocal;
}

/** localStorage and sessionStorage, each with an in-memory stand-in where unavailable */
export function defaultStores(): SessionStores {
  return { local: defaultStore(), session: browserStore('sessionStorage') ?? memorySession };
}

const holdsLogin = (store: KeyValueStore) => !!(store.getItem(REFRESH_TOKEN_KEY) || store.getItem(TOKEN_KEY));

/** where the current login lives; null when signed out */
export function persistenceOf(stores: SessionStores = defaultStores()): Persistence | null {
  if (holdsLogin(stores.session)) return 'session';
  if (holdsLogin(stores.local)) return 'local';
  return null;
}

/** the store of the current login, else the default one for a new login */
function activeStore(stores: SessionStores): KeyValueStore {
  const mode = persistenceOf(stores) ?? (SPEC.PERSISTENCE_DEFAULT as Persistence);
  return stores[mode];
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes (does not verify: the server does) the payload of a JWT. */
export function decodeToken(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const p = JSON.parse(base64UrlDecode(parts[1])) as Record<string, unknown>;
    if (typeof p.exp !== 'number') return null;
    return {
      uid: typeof p.uid === 'string' ? p.uid : '',
      role: Array.isArray(p.role) ? (p.role as string[]) : [],
      permission: Array.isArray(p.permission) ? (p.permission as string[]) : [],
      exp: p.exp * 1000,
    };
  } catch {
    return null;
  }
}

export function readSession(stores: SessionStores = defaultStores()): StoredSession {
  const store = activeStore(stores);
  const expired = Number(store.getItem(TOKEN_EXPIRED_KEY));
  return {
    token: store.getItem(TOKEN_KEY) || null,
    tokenExpired: Number.isFinite(expired) ? expired : 0,
    refreshToken: store.getItem(REFRESH_TOKEN_KEY) || null,
  };
}

/** a valid state needs an unexpired access token */
export function hasValidToken(s: StoredSession, now: number = Date.now()): boolean {
  return !!s.token && s.tokenExpired > now;
}

function removeTokens(store: KeyValueStore) {
  store.removeItem(TOKEN_KEY);
  store.removeItem(TOKEN_EXPIRED_KEY);
  store.removeItem(REFRESH_TOKEN_KEY);
}

/**
 * Stores a login. `persistence` is given by a login (the "keep me signed in" choice); without
 * it (a refresh) the tokens go back to the store the login already lives in.
 */
export function saveTokens(
  bundle: { token: string; refreshToken?: string | null },
  opts: { persistence?: Persistence } = {},
  stores: SessionStores = defaultStores(),
) {
  const mode = opts.persistence ?? persistenceOf(stores) ?? (SPEC.PERSISTENCE_DEFAULT as Persistence);
  const store = stores[mode];
  const other = stores[mode === 'local' ? 'session' : 'local'];
  const payload = decodeToken(bundle.token);
  if (opts.persistence) {
    // a new login: nothing of an earlier one stays behind in the other store
    removeTokens(other);
  }
  store.setItem(TOKEN_KEY, bundle.token);
  store.setItem(TOKEN_EXPIRED_KEY, String(payload?.exp ?? 0));
  if (bundle.refreshToken) store.setItem(REFRESH_TOKEN_KEY, bundle.refreshToken);
}

/** sign-out: the refresh and access tokens and the expiry go, from both stores */
export function clearSession(stores: SessionStores = defaultStores()) {
  removeTokens(stores.session);
  removeTokens(stores.local);
  stores.local.removeItem(SCORE_KEY);
}

/** the payload of the stored token while it is valid */
export function currentPayload(stores: SessionStores = defaultStores(), now: number = Date.now()): TokenPayload | null {
  const s = readSession(stores);
  return hasValidToken(s, now) ? decodeToken(s.token) : null;
}

/** fired on window when the stored score changes in this tab (the top bar follows it) */
export const SCORE_EVENT = 'console-score';

export function saveScore(score: number | null | undefined, store: KeyValueStore = defaultStore()) {
  if (typeof score !== 'number' || !Number.isFinite(score)) return;
  store.setItem(SCORE_KEY, String(score));
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SCORE_EVENT));
}

export function readScore(store: KeyValueStore = defaultStore()): number | null {
  const v = store.getItem(SCORE_KEY);
  if (v === null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}
