/**
 * Self-registration switched off on the server (REGISTRATION=closed, registrationOpen false in
 * the login config): the login pages offer no register link and make no "new account" promise,
 * and the register pages opened directly say registration is closed, with a way to sign in.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInApp } from './support/render';
import { history, resetHistory, resetUmiStandIn, setLocale, setRequestHandler } from './support/umi-max';
import zhCN from '../../locales/zh-CN.json';
import LoginSmsCode from '@/uni_modules/uni-id-pages/pages/login/login-smscode';
import LoginWithoutPwd from '@/uni_modules/uni-id-pages/pages/login/login-withoutpwd';
import LoginWithPwd from '@/uni_modules/uni-id-pages/pages/login/login-withpwd';
import Register from '@/uni_modules/uni-id-pages/pages/register/register';
import RegisterByEmail from '@/uni_modules/uni-id-pages/pages/register/register-by-email';
import { captchaAnswer, loginConfigAnswer } from './support/auth-fixtures';

const UNI = '/uni_modules/uni-id-pages/pages';
const PENDING = '/pages/system/user/list?tagid=vip';
const carry = `?uniIdRedirectUrl=${encodeURIComponent(PENDING)}`;

let calls: string[];
function mockServer(registrationOpen: boolean) {
  calls = [];
  setRequestHandler(async (url) => {
    calls.push(url);
    if (url === '/api/auth/login-config') {
      return loginConfigAnswer({ loginTypes: ['smsCode', 'username'], registrationOpen });
    }
    if (url.startsWith('/api/auth/captcha')) return captchaAnswer();
    throw new Error(`unexpected ${url}`);
  });
}

beforeEach(() => resetUmiStandIn());
afterEach(() => act(() => setLocale('en-US', false)));

describe.each([
  ['password login', `${UNI}/login/login-withpwd`, () => <LoginWithPwd />],
  ['password-less login', `${UNI}/login/login-withoutpwd`, () => <LoginWithoutPwd />],
])('%s', (_name, page, ui) => {
  test('offers "Create an account" while the site takes sign-ups', async () => {
    mockServer(true);
    resetHistory(page);
    renderInApp(ui());
    expect(await screen.findByText('Create an account')).toBeInTheDocument();
  });

  test('shows no register link once the server says registration is closed', async () => {
    mockServer(false);
    resetHistory(page);
    renderInApp(ui());
    expect(await screen.findByText('Forgot password?')).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('/api/auth/login-config'));
    await waitFor(() => expect(screen.queryByText('Create an account')).not.toBeInTheDocument());
  });
});

describe('SMS code login', () => {
  const NOTE = 'A number without an account gets a new one when you sign in.';

  test('says an unknown number gets an account while the site takes sign-ups', async () => {
    mockServer(true);
    resetHistory(`${UNI}/login/login-smscode?mobile=13800000001`);
    renderInApp(<LoginSmsCode />);
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
  });

  test('makes no such promise when registration is closed', async () => {
    mockServer(false);
    resetHistory(`${UNI}/login/login-smscode?mobile=13800000001`);
    renderInApp(<LoginSmsCode />);
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('/api/auth/login-config'));
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });
});

describe.each([
  ['register', `${UNI}/register/register`, () => <Register />],
  ['register by email', `${UNI}/register/register-by-email`, () => <RegisterByEmail />],
])('%s opened directly', (_name, page, ui) => {
  test('registration closed: a notice instead of the form, and a link to sign in that keeps the pending page', async () => {
    mockServer(false);
    resetHistory(`${page}${carry}`);
    renderInApp(ui());
    expect(await screen.findByText('This site does not take new sign-ups. Sign in with an existing account.')).toBeInTheDocument();
    expect(screen.queryByText('Create and sign in')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    // no captcha is fetched for a form that is not there
    expect(calls.some((u) => u.startsWith('/api/auth/captcha'))).toBe(false);
    fireEvent.click(screen.getByText('Go to sign in'));
    expect(history.location.pathname).toBe(`${UNI}/login/login-withoutpwd`);
    expect(new URLSearchParams(history.location.search).get('uniIdRedirectUrl')).toBe(PENDING);
  });

  test('registration open: the form', async () => {
    mockServer(true);
    resetHistory(page);
    renderInApp(ui());
    expect(await screen.findByText('Create and sign in')).toBeInTheDocument();
    expect(screen.queryByText('Registration is closed')).not.toBeInTheDocument();
  });

  test('the notice in Chinese', async () => {
    mockServer(false);
    act(() => setLocale('zh-CN', false));
    resetHistory(page);
    renderInApp(ui());
    expect(await screen.findByText(zhCN['account.register.closedHint'])).toBeInTheDocument();
    expect(screen.getByText(zhCN['register.goLogin'])).toBeInTheDocument();
  });
});
