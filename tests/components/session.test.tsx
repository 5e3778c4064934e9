/**
 * Where the login is kept (spec sections 3 and 9: persistence 'session' by default): the
 * access token, its expiry and the refresh token follow the "keep me signed in" choice, a
 * refresh writes back to the same store, sign-out clears both, and a new tab of a
 * 'session' login starts signed out (the guard sends it to the login page).
 */
import { guardDecision } from '@/guard';
import { createRefresher } from '@/shared/refresh';
import { clearSession, persistenceOf, readSession, saveTokens } from '@/shared/session';
import { LOGIN_PAGE } from '../../config/routes';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (name: string, expS = Math.floor(Date.now() / 1000) + 3600) =>
  `${b64({ alg: 'HS256' })}.${b64({ uid: 'u1', role: [], permission: [], name, iat: 1, exp: expS })}.sig`;
const KEYS = ['uni_id_token', 'uni_id_token_expired', 'uni_id_refresh_token'];
const held = (s: Storage) => KEYS.filter((k) => s.getItem(k) !== null);

describe('session persistence', () => {
  test("by default ('session') the login lives in sessionStorage only", () => {
    saveTokens({ token: jwt('a'), refreshToken: 'r1' }, { persistence: 'session' });
    expect(held(sessionStorage)).toEqual(KEYS);
    expect(held(localStorage)).toEqual([]);
    expect(persistenceOf()).toBe('session');
    expect(readSession().refreshToken).toBe('r1');
  });

  test("'keep me signed in' ('local') keeps it in localStorage, and a new login replaces the other store's", () => {
    saveTokens({ token: jwt('a'), refreshToken: 'r1' }, { persistence: 'session' });
    saveTokens({ token: jwt('b'), refreshToken: 'r2' }, { persistence: 'local' });
    expect(held(localStorage)).toEqual(KEYS);
    expect(held(sessionStorage)).toEqual([]);
    expect(readSession().refreshToken).toBe('r2');
  });

  test.each(['session', 'local'] as const)('a refresh writes the new tokens back to the same store (%s)', async (mode) => {
    saveTokens({ token: jwt('old', Math.floor(Date.now() / 1000) - 10), refreshToken: 'r1' }, { persistence: mode });
    const fresh = jwt('new');
    const refresh = createRefresher({ callRefresh: async () => ({ token: fresh, refreshToken: 'r2' }), lock: (fn) => fn() });
    await expect(refresh(readSession().token)).resolves.toBe(fresh);
    const store = mode === 'local' ? localStorage : sessionStorage;
    const other = mode === 'local' ? sessionStorage : localStorage;
    expect(store.getItem('uni_id_refresh_token')).toBe('r2');
    expect(store.getItem('uni_id_token')).toBe(fresh);
    expect(held(other)).toEqual([]);
  });

  test('sign-out clears both stores', () => {
    saveTokens({ token: jwt('a'), refreshToken: 'r1' }, { persistence: 'local' });
    sessionStorage.setItem('uni_id_refresh_token', 'stray');
    localStorage.setItem('uni_id_score', '10');
    clearSession();
    expect(held(localStorage)).toEqual([]);
    expect(held(sessionStorage)).toEqual([]);
    expect(localStorage.getItem('uni_id_score')).toBeNull();
    expect(readSession()).toEqual({ token: null, tokenExpired: 0, refreshToken: null });
  });

  test("a new tab of a 'session' login has nothing stored: the guard sends it to the login page with the pending url", () => {
    saveTokens({ token: jwt('a'), refreshToken: 'r1' }, { persistence: 'session' });
    // a new tab gets a fresh sessionStorage; localStorage is shared
    sessionStorage.clear();
    const d = guardDecision({ pathname: '/pages/system/user/list', search: '' }, readSession());
    expect(d).toEqual({ kind: 'login', to: `${LOGIN_PAGE}?uniIdRedirectUrl=${encodeURIComponent('/pages/system/user/list')}` });
  });

  test('a refresh that fails for the network keeps the stored login; a refused refresh token clears it', async () => {
    saveTokens({ token: jwt('old', Math.floor(Date.now() / 1000) - 10), refreshToken: 'r1' }, { persistence: 'session' });
    let failure: unknown = { errorCode: 'NETWORK_ERROR' };
    const refresh = createRefresher({
      callRefresh: async () => {
        throw failure;
      },
      lock: (fn) => fn(),
    });
    await expect(refresh(readSession().token)).rejects.toMatchObject({ name: 'RefreshUnavailableError', code: 'NETWORK_ERROR' });
    expect(readSession().refreshToken).toBe('r1');
    failure = { errorCode: 'SYSTEM_ERROR', status: 502 };
    await expect(refresh(readSession().token)).rejects.toMatchObject({ name: 'RefreshUnavailableError' });
    expect(readSession().refreshToken).toBe('r1');
    failure = { errorCode: 'REFRESH_TOKEN_EXPIRED', status: 401 };
    await expect(refresh(readSession().token)).rejects.toMatchObject({ name: 'LoginExpiredError', code: 'REFRESH_TOKEN_EXPIRED' });
    expect(readSession()).toEqual({ token: null, tokenExpired: 0, refreshToken: null });
  });
});
