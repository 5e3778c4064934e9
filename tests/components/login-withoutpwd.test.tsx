/**
 * The default login page: the password form itself when a password is the way in (no chooser
 * step), and "keep me signed in": offered unticked, then as this browser last left it; the choice goes to
 * the SMS page in its address and through weixin's round trip, and the login is kept where
 * it says (localStorage when ticked, this tab's sessionStorage otherwise).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInApp } from './support/render';
import { history, resetHistory, resetUmiStandIn, setRequestHandler } from './support/umi-max';
import LoginWithoutPwd from '@/uni_modules/uni-id-pages/pages/login/login-withoutpwd';
import { loginConfigAnswer } from './support/auth-fixtures';

const PAGE = '/uni_modules/uni-id-pages/pages/login/login-withoutpwd';
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = `${b64({ alg: 'HS256' })}.${b64({ uid: 'u1', role: [], permission: [], iat: 1, exp: 4102444800 })}.sig`;

let calls: string[];
beforeEach(() => {
  resetUmiStandIn();
  calls = [];
  setRequestHandler(async (url) => {
    calls.push(url);
    if (url === '/api/auth/login-config') {
      return loginConfigAnswer({ loginTypes: ['smsCode', 'username', 'weixin'], weixinConfigured: true });
    }
    if (url.startsWith('/api/auth/weixin/authorize')) return { success: true, data: { url: 'about:blank#weixin' } };
    if (url === '/api/auth/weixin/ticket') {
      return {
        success: true,
        data: { token, refreshToken: 'r-wx', userInfo: { _id: 'u1', username: 'wx', role: [], permission: [], score: 1, hasPassword: true, wxBound: true } },
      };
    }
    throw new Error(`unexpected ${url}`);
  });
  jest.spyOn(console, 'error').mockImplementation(() => {}); // jsdom cannot navigate to weixin
});
afterEach(() => jest.restoreAllMocks());

test('offered unticked; ticked, the SMS page gets keepSignedIn=1', async () => {
  resetHistory(PAGE);
  renderInApp(<LoginWithoutPwd />);
  const box = await screen.findByLabelText('Keep me signed in');
  expect(box).not.toBeChecked();
  fireEvent.click(box);
  fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '13800000001' } });
  fireEvent.click(screen.getByText('Get a verification code'));
  await waitFor(() => expect(history.location.search).toContain('keepSignedIn=1'));
  expect(history.location.search).toContain('mobile=13800000001');
});

test('weixin: the choice outlives the round trip, and the login is kept in localStorage when ticked', async () => {
  resetHistory(PAGE);
  const { unmount } = renderInApp(<LoginWithoutPwd />);
  fireEvent.click(await screen.findByLabelText('Keep me signed in'));
  fireEvent.click(screen.getByText('Sign in with Weixin'));
  await waitFor(() => expect(calls.some((u) => u.startsWith('/api/auth/weixin/authorize'))).toBe(true));
  unmount();
  // weixin sends the browser back with a ticket
  act(() => resetHistory(`${PAGE}?weixinTicket=T-1`));
  renderInApp(<LoginWithoutPwd />);
  await waitFor(() => expect(localStorage.getItem('uni_id_refresh_token')).toBe('r-wx'));
  expect(sessionStorage.getItem('uni_id_refresh_token')).toBeNull();
});

test('weixin unticked: the login lasts for this tab only', async () => {
  resetHistory(PAGE);
  const { unmount } = renderInApp(<LoginWithoutPwd />);
  fireEvent.click(await screen.findByText('Sign in with Weixin'));
  await waitFor(() => expect(calls.some((u) => u.startsWith('/api/auth/weixin/authorize'))).toBe(true));
  unmount();
  act(() => resetHistory(`${PAGE}?weixinTicket=T-2`));
  renderInApp(<LoginWithoutPwd />);
  await waitFor(() => expect(sessionStorage.getItem('uni_id_refresh_token')).toBe('r-wx'));
  expect(localStorage.getItem('uni_id_refresh_token')).toBeNull();
});

describe("the spec's login types (username and weixin, no SMS)", () => {
  beforeEach(() => {
    setRequestHandler(async (url) => {
      calls.push(url);
      if (url === '/api/auth/login-config') return loginConfigAnswer({ loginTypes: ['username', 'weixin'], weixinConfigured: true });
      throw new Error(`unexpected ${url}`);
    });
  });

  test('the password form is on the page itself (no chooser step), with Weixin under it', async () => {
    resetHistory(PAGE);
    renderInApp(<LoginWithoutPwd />);
    expect(await screen.findByLabelText('Username / mobile / email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.queryByText('Username and password')).toBeNull();
    expect(screen.getByText('Sign in with Weixin')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Keep me signed in')).toHaveLength(1);
  });

  test('"Keep me signed in" starts as this browser last left it', async () => {
    localStorage.setItem('uni_id_keep_signed_in', '1');
    resetHistory(PAGE);
    const { unmount } = renderInApp(<LoginWithoutPwd />);
    const box = await screen.findByLabelText('Keep me signed in');
    expect(box).toBeChecked();
    fireEvent.click(box);
    expect(localStorage.getItem('uni_id_keep_signed_in')).toBe('0');
    unmount();
    renderInApp(<LoginWithoutPwd />);
    expect(await screen.findByLabelText('Keep me signed in')).not.toBeChecked();
  });
});
