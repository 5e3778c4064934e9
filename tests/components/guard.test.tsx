/** src/guard.ts: which pages need a login and where the guard sends the user (spec section 2). */
import { LOGIN_PAGE } from '../../config/routes';
import { carryRedirect, guardDecision, loginUrl, needsLogin, redirectTarget } from '@/guard';

const now = 1_700_000_000_000;
const valid = { token: 'a.b.c', tokenExpired: now + 60_000, refreshToken: 'r1' };
const signedOut = { token: null, tokenExpired: 0, refreshToken: null };

describe('login guard', () => {
  test.each([
    ['/uni_modules/uni-id-pages/pages/login/login-withpwd', false],
    ['/uni_modules/uni-id-pages/pages/login/login-withoutpwd', false],
    ['/uni_modules/uni-id-pages/pages/register/register-admin', false],
    ['/uni_modules/uni-id-pages/pages/retrieve/retrieve', false],
    ['/uni_modules/uni-id-pages/pages/userinfo/userinfo', false], // contains uni-id-pages
    ['/pages/system/user/register-stats', false], // contains register
    ['/pages/demo/login-history', false], // contains login
    ['/', true],
    ['/pages/index/index', true],
    ['/pages/admin-index/admin-index', true],
    ['/pages/error/404', true],
    ['/pages/system/user/list', true],
  ])('%s needs a login: %s', (path, expected) => {
    expect(needsLogin(path)).toBe(expected);
  });

  test('only the path counts, not the query', () => {
    expect(needsLogin('/pages/index/index?from=login')).toBe(true);
  });

  test('signed out on a page that needs a login: the login page with the encoded pending path and query', () => {
    const d = guardDecision({ pathname: '/pages/system/user/list', search: '?tagid=vip&x=a b' }, signedOut, now);
    expect(d.kind).toBe('login');
    const to = d.kind === 'login' ? d.to : '';
    expect(LOGIN_PAGE).toBe('/uni_modules/uni-id-pages/pages/login/login-withoutpwd');
    expect(to.startsWith(`${LOGIN_PAGE}?uniIdRedirectUrl=%2Fpages%2Fsystem%2Fuser%2Flist%3Ftagid%3Dvip%26x%3Da`)).toBe(true);
    // the pending path and its whole query come back as one value, and the login page returns there
    const search = to.slice(LOGIN_PAGE.length);
    expect([...new URLSearchParams(search).keys()]).toEqual(['uniIdRedirectUrl']);
    expect(redirectTarget(search)).toBe('/pages/system/user/list?tagid=vip&x=a b');
  });

  test('a valid token lets the page render; excluded pages render without one', () => {
    expect(guardDecision({ pathname: '/pages/index/index' }, valid, now)).toEqual({ kind: 'allow' });
    expect(guardDecision({ pathname: '/uni_modules/uni-id-pages/pages/login/login-withpwd' }, signedOut, now)).toEqual({ kind: 'allow' });
  });

  test('an access token past its exp: renew with the refresh token first, or go to login without one', () => {
    const expired = { token: 'a.b.c', tokenExpired: now - 1, refreshToken: 'r1' };
    expect(guardDecision({ pathname: '/pages/index/index' }, expired, now)).toEqual({ kind: 'refresh' });
    const expiredNoRefresh = { ...expired, refreshToken: null };
    expect(guardDecision({ pathname: '/pages/index/index', search: '' }, expiredNoRefresh, now)).toEqual({
      kind: 'login',
      to: `${LOGIN_PAGE}?uniIdRedirectUrl=${encodeURIComponent('/pages/index/index')}`,
    });
  });

  test('the home page as pending url needs no redirect query', () => {
    expect(loginUrl('/')).toBe(LOGIN_PAGE);
  });

  test('after login: back to the redirect url, only when it is an in-app, non-account page', () => {
    const q = (u: string) => `?uniIdRedirectUrl=${encodeURIComponent(u)}`;
    expect(redirectTarget(q('/pages/system/user/list?tagid=vip'))).toBe('/pages/system/user/list?tagid=vip');
    expect(redirectTarget(q('https://evil.example/'))).toBeNull();
    expect(redirectTarget(q('//evil.example/'))).toBeNull();
    expect(redirectTarget(q('/uni_modules/uni-id-pages/pages/login/login-withpwd'))).toBeNull();
    expect(redirectTarget('')).toBeNull();
    // carried on from the password-less login page to the password login page
    expect(carryRedirect(q('/pages/index/index'))).toBe(q('/pages/index/index'));
    expect(carryRedirect('')).toBe('');
  });
});
