/**
 * Signing out (spec section 4): the server is always told, with the refresh token in the
 * body so that it can revoke it even when the access token has expired; the login is cleared
 * here whatever the answer, and the user lands on the login page.
 */
import { act } from '@testing-library/react';
import { history, resetUmiStandIn, setRequestHandler } from './support/umi-max';
import { LOGIN_PAGE } from '../../config/routes';
import { signOut } from '@/services/auth';
import { readSession, saveTokens } from '@/shared/session';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (expS: number) => `${b64({ alg: 'HS256' })}.${b64({ uid: 'u1', role: [], permission: [], iat: 1, exp: expS })}.sig`;
const nowS = () => Math.floor(Date.now() / 1000);

let calls: { url: string; opts: Record<string, unknown> }[];
beforeEach(() => {
  resetUmiStandIn();
  calls = [];
});

describe('sign-out', () => {
  test.each([
    ['a valid access token', nowS() + 3600, false],
    ['an expired access token', nowS() - 60, true],
  ])('with %s: POST /api/auth/logout carries { refreshToken }', async (_label, exp, skipAuth) => {
    saveTokens({ token: jwt(exp), refreshToken: 'r-123' }, { persistence: 'local' });
    setRequestHandler(async (url, opts) => {
      calls.push({ url, opts });
      return { success: true, data: {} };
    });
    await act(() => signOut());
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/auth/logout');
    expect(calls[0].opts.data).toEqual({ refreshToken: 'r-123' });
    // an expired access token is not sent (it would start a refresh of a login being ended)
    expect(!!calls[0].opts.skipAuth).toBe(skipAuth);
    expect(readSession()).toEqual({ token: null, tokenExpired: 0, refreshToken: null });
    expect(history.location.pathname).toBe(LOGIN_PAGE);
  });

  test('a failed logout call still clears everything locally', async () => {
    saveTokens({ token: jwt(nowS() + 3600), refreshToken: 'r-9' }, { persistence: 'session' });
    setRequestHandler(async () => {
      throw Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK' });
    });
    await act(() => signOut());
    expect(readSession()).toEqual({ token: null, tokenExpired: 0, refreshToken: null });
    expect(sessionStorage.getItem('uni_id_refresh_token')).toBeNull();
    expect(history.location.pathname).toBe(LOGIN_PAGE);
  });
});
