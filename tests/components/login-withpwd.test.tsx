/**
 * The password login page: renders its fields, validates before sending, shows the server's
 * error on the field it names, and after success stores the login and returns to the
 * pending url.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { history, resetHistory, resetUmiStandIn, setLocale, setRequestHandler } from './support/umi-max';
import zhCN from '../../locales/zh-CN.json';
import { renderInApp } from './support/render';
import { on } from '@/shared/events';
import { readSession } from '@/shared/session';
import LoginWithPwd from '@/uni_modules/uni-id-pages/pages/login/login-withpwd';
import { captchaAnswer, loginConfigAnswer } from './support/auth-fixtures';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = `${b64({ alg: 'HS256' })}.${b64({ uid: 'u1', role: ['admin'], permission: [], iat: 1, exp: 4102444800 })}.sig`;

const PAGE = '/uni_modules/uni-id-pages/pages/login/login-withpwd';
const PENDING = '/pages/system/user/list?tagid=vip';

function serverError(status: number, errorCode: string, errorMessage: string, field?: string) {
  return Object.assign(new Error(errorMessage), { response: { status, data: { success: false, errorCode, errorMessage, field } } });
}

let loginBodies: unknown[];
let configCalls = 0;

function mockServer(login: (body: { username: string; password: string }) => unknown, adminExists = false) {
  loginBodies = [];
  configCalls = 0;
  setRequestHandler(async (url, opts) => {
    if (url === '/api/auth/login-config') {
      configCalls++;
      return loginConfigAnswer({ adminExists });
    }
    if (url === '/api/auth/login') {
      expect(opts.skipErrorHandler).toBe(true); // the page shows the error itself
      loginBodies.push(opts.data);
      return login(opts.data as { username: string; password: string });
    }
    if (url.startsWith('/api/auth/captcha')) {
      captchaCalls.push(String((opts.params as { scene?: string } | undefined)?.scene ?? url));
      return captchaAnswer(`cap-${captchaCalls.length}`);
    }
    throw new Error(`unexpected ${url}`);
  });
}
let captchaCalls: string[] = [];

function renderPage() {
  return renderInApp(<LoginWithPwd />);
}

const zh = (key: keyof typeof zhCN) => zhCN[key];
const form = () => screen.getByLabelText('Username / mobile / email').closest('form')!;

beforeEach(() => {
  resetUmiStandIn();
  resetHistory(`${PAGE}?uniIdRedirectUrl=${encodeURIComponent(PENDING)}`);
});

describe('login-withpwd', () => {
  test('renders one account field, the password, and the register-admin link while no admin exists', async () => {
    mockServer(() => {
      throw new Error('not called');
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in with password');
    expect(screen.getByLabelText('Username / mobile / email')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(await screen.findByText('Create the super admin')).toBeInTheDocument();
    // other sign-in methods keep the pending url
    expect(screen.getByText('Other ways to sign in').closest('a')).toHaveAttribute(
      'href',
      `/uni_modules/uni-id-pages/pages/login/login-withoutpwd?uniIdRedirectUrl=${encodeURIComponent(PENDING)}`,
    );
  });

  test('no register-admin link once an admin exists', async () => {
    mockServer(() => null, true);
    renderPage();
    await waitFor(() => expect(configCalls).toBe(1));
    await act(async () => {});
    expect(screen.getByText('Other ways to sign in')).toBeInTheDocument();
    expect(screen.queryByText('Create the super admin')).not.toBeInTheDocument();
  });

  test('submitting empty fields shows what is missing and sends nothing', async () => {
    mockServer(() => {
      throw new Error('must not be called');
    });
    renderPage();
    fireEvent.submit(form());
    expect(await screen.findByText('Enter your username, mobile number or email')).toBeInTheDocument();
    expect(await screen.findByText('Enter the password')).toBeInTheDocument();
    expect(loginBodies).toEqual([]);
  });

  test("a failed login reads 'Username/password login failed: <server message>' on the field the server names", async () => {
    mockServer(() => {
      throw serverError(401, 'PASSWORD_ERROR', 'Wrong account or password', 'password');
    });
    renderPage();
    fireEvent.change(screen.getByLabelText('Username / mobile / email'), { target: { value: ' alice ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope-nope-1' } });
    fireEvent.submit(form()); // what Enter in either field does
    const message = await screen.findByText('Username/password login failed: Wrong account or password');
    const passwordItem = screen.getByLabelText('Password').closest('.ant-form-item') as HTMLElement;
    expect(within(passwordItem).getByText('Username/password login failed: Wrong account or password')).toBe(message);
    expect(loginBodies).toEqual([{ username: 'alice', password: 'nope-nope-1' }]);
    expect(readSession().token).toBeNull();
    expect(history.location.pathname).toBe(PAGE);
  });

  test('no captcha at first; once the server requires it the field appears with the message, and each try gets a new image', async () => {
    captchaCalls = [];
    mockServer((body) => {
      if (!(body as { captchaId?: string }).captchaId) throw serverError(400, 'CAPTCHA_REQUIRED', 'Enter the characters in the image', 'captcha');
      throw serverError(401, 'PASSWORD_ERROR', 'Wrong account or password', 'password');
    });
    renderPage();
    expect(screen.queryByLabelText('Image code')).toBeNull();
    fireEvent.change(screen.getByLabelText('Username / mobile / email'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope-nope-1' } });
    fireEvent.submit(form());
    expect(await screen.findByText('Enter the characters in the image')).toBeInTheDocument();
    const captchaItem = screen.getByLabelText('Image code').closest('.ant-form-item') as HTMLElement;
    expect(within(captchaItem).getByText('Enter the characters in the image')).toBeInTheDocument();
    await waitFor(() => expect(captchaCalls).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Image code'), { target: { value: ' ab12 ' } });
    fireEvent.submit(form());
    await screen.findByText('Username/password login failed: Wrong account or password');
    expect(loginBodies.at(-1)).toEqual({ username: 'alice', password: 'nope-nope-1', captchaId: 'cap-1', captcha: 'ab12' });
    await waitFor(() => expect(captchaCalls).toHaveLength(2));
  });

  test('an error without a field shows above the form', async () => {
    mockServer(() => {
      throw serverError(429, 'PASSWORD_ERROR_EXCEED_LIMIT', 'Too many wrong passwords, please try again later');
    });
    renderPage();
    fireEvent.change(screen.getByLabelText('Username / mobile / email'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever1' } });
    fireEvent.submit(form());
    expect(await screen.findByRole('alert')).toHaveTextContent('Username/password login failed: Too many wrong passwords, please try again later');
  });

  test('an email sign-in that fails reads "Email login failed: …", in the chosen language', async () => {
    mockServer(() => {
      throw serverError(401, 'PASSWORD_ERROR', '账号或密码错误');
    });
    setLocale('zh-CN');
    renderPage();
    fireEvent.change(screen.getByLabelText(zh('login.account')), { target: { value: 'alice@example.com' } });
    fireEvent.change(screen.getByLabelText(zh('login.password')), { target: { value: 'whatever1' } });
    fireEvent.submit(screen.getByLabelText(zh('login.password')).closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent('邮箱登录失败：账号或密码错误');
  });

  test('"keep me signed in" is unticked: the login lasts for this tab (sessionStorage); ticked, it is kept in localStorage', async () => {
    mockServer(() => ({
      success: true,
      data: {
        token,
        refreshToken: 'r1',
        userInfo: { _id: 'u1', username: 'alice', role: ['admin'], permission: [], score: 10000, hasPassword: true, wxBound: false },
      },
    }));
    renderPage();
    const keep = screen.getByLabelText('Keep me signed in');
    expect(keep).not.toBeChecked();
    fireEvent.change(screen.getByLabelText('Username / mobile / email'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.submit(form());
    await waitFor(() => expect(history.location.search).toBe(PENDING.slice(PENDING.indexOf('?'))));
    expect(sessionStorage.getItem('uni_id_refresh_token')).toBe('r1');
    expect(sessionStorage.getItem('uni_id_token')).toBe(token);
    expect(localStorage.getItem('uni_id_refresh_token')).toBeNull();
    expect(localStorage.getItem('uni_id_token')).toBeNull();

    act(() => resetHistory(PAGE));
    fireEvent.click(screen.getByLabelText('Keep me signed in'));
    fireEvent.change(screen.getByLabelText('Username / mobile / email'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.submit(form());
    await waitFor(() => expect(localStorage.getItem('uni_id_refresh_token')).toBe('r1'));
    expect(localStorage.getItem('uni_id_token')).toBe(token);
    // the earlier tab-only login is gone: one login, one place
    expect(sessionStorage.getItem('uni_id_refresh_token')).toBeNull();
    expect(readSession().refreshToken).toBe('r1');
  });

  test('success: tokens stored, login-success emitted, "Login succeeded", back to the pending url', async () => {
    mockServer(() => ({
      success: true,
      data: {
        token,
        refreshToken: 'r1',
        userInfo: { _id: 'u1', username: 'alice', role: ['admin'], permission: [], score: 10000, hasPassword: true, wxBound: false },
      },
    }));
    const events: unknown[] = [];
    const off = on('login-success', (p) => events.push(p));
    renderPage();
    fireEvent.change(screen.getByLabelText('Username / mobile / email'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.submit(form());
    await waitFor(() => expect(`${history.location.pathname}${history.location.search}`).toBe(PENDING));
    off();
    expect(await screen.findByText('Login succeeded')).toBeInTheDocument();
    const s = readSession();
    expect(s.token).toBe(token);
    expect(s.refreshToken).toBe('r1');
    expect(s.tokenExpired).toBe(4102444800 * 1000);
    expect(localStorage.getItem('uni_id_score')).toBe('10000');
    expect(events).toEqual([{ userInfo: expect.objectContaining({ username: 'alice' }) }]);
  });
});
