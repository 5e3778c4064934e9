/**
 * The SMS code login page in SMS test mode: the notice says codes are not sent to phones but
 * kept for admins; the number comes from ?mobile=; 'send code' sends it with the captcha.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInApp } from './support/render';
import { resetHistory, resetUmiStandIn, setRequestHandler } from './support/umi-max';
import LoginSmsCode from '@/uni_modules/uni-id-pages/pages/login/login-smscode';
import { captchaAnswer, loginConfigAnswer } from './support/auth-fixtures';

const PAGE = '/uni_modules/uni-id-pages/pages/login/login-smscode';

let sent: unknown[];
beforeEach(() => {
  resetUmiStandIn();
  resetHistory(`${PAGE}?mobile=13800000001`);
  sent = [];
  setRequestHandler(async (url, opts) => {
    if (url === '/api/auth/login-config') {
      return loginConfigAnswer({ loginTypes: ['username'], smsTestMode: true });
    }
    if (url.startsWith('/api/auth/captcha')) return captchaAnswer();
    if (url === '/api/auth/send-sms-code') {
      sent.push(opts.data);
      return { success: true, data: { expiresIn: 300, resendIn: 60, testMode: true } };
    }
    throw new Error(`unexpected ${url}`);
  });
});

test('test mode is announced; the prefilled number gets a code with the captcha', async () => {
  renderInApp(<LoginSmsCode />);
  expect(await screen.findByText('SMS test mode: codes are not sent')).toBeInTheDocument();
  expect(screen.getByText(/Administrators can read them in the SMS test outbox/)).toBeInTheDocument();
  expect(screen.getByText('A number without an account gets a new one when you sign in.')).toBeInTheDocument();
  expect(screen.getByLabelText('Mobile number')).toHaveValue('13800000001');
  fireEvent.change(screen.getByLabelText('Image code'), { target: { value: 'ab12' } });
  fireEvent.click(screen.getByText('Send code'));
  expect(await screen.findByText('A code was sent to 13800000001')).toBeInTheDocument();
  expect(sent).toEqual([{ mobile: '13800000001', scene: 'login', captchaId: 'cap-1', captcha: 'ab12' }]);
  await waitFor(() => expect(screen.getByText(/Again in \d+ s/)).toBeInTheDocument());
});

test('a malformed number is refused in the browser before anything is sent', async () => {
  renderInApp(<LoginSmsCode />);
  const mobile = await screen.findByLabelText('Mobile number');
  fireEvent.change(mobile, { target: { value: '12345' } });
  fireEvent.change(screen.getByLabelText('Image code'), { target: { value: 'ab12' } });
  fireEvent.click(screen.getByText('Send code'));
  expect(await screen.findByText('Invalid mobile number')).toBeInTheDocument();
  expect(sent).toEqual([]);
});

test('"keep me signed in" is offered unticked, and comes ticked from the password-less page (?keepSignedIn=1)', async () => {
  const { unmount } = renderInApp(<LoginSmsCode />);
  expect(await screen.findByLabelText('Keep me signed in')).not.toBeChecked();
  unmount();
  resetHistory(`${PAGE}?mobile=13800000001&keepSignedIn=1`);
  renderInApp(<LoginSmsCode />);
  expect(await screen.findByLabelText('Keep me signed in')).toBeChecked();
});

test('signing in keeps the login where the choice says: sessionStorage unticked', async () => {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const token = `${b64({ alg: 'HS256' })}.${b64({ uid: 'u1', role: [], permission: [], iat: 1, exp: 4102444800 })}.sig`;
  setRequestHandler(async (url) => {
    if (url === '/api/auth/login-by-sms') {
      return {
        success: true,
        data: { token, refreshToken: 'r-sms', userInfo: { _id: 'u1', username: 'u', role: [], permission: [], score: 1, hasPassword: true, wxBound: false } },
      };
    }
    if (url.startsWith('/api/auth/captcha')) return captchaAnswer();
    if (url === '/api/auth/login-config') return loginConfigAnswer({ loginTypes: ['username'] });
    throw new Error(`unexpected ${url}`);
  });
  renderInApp(<LoginSmsCode />);
  fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
  fireEvent.submit(screen.getByLabelText('Verification code').closest('form')!);
  await waitFor(() => expect(sessionStorage.getItem('uni_id_refresh_token')).toBe('r-sms'));
  expect(localStorage.getItem('uni_id_refresh_token')).toBeNull();
});
