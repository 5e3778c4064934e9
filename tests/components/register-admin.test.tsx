/**
 * Create super admin: the client applies the server's own rules (shared/validation.ts), and a
 * successful registration signs in and opens the admin home.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { history, resetHistory, resetUmiStandIn, setRequestHandler } from './support/umi-max';
import { renderInApp } from './support/render';
import { readSession } from '@/shared/session';
import RegisterAdmin from '@/uni_modules/uni-id-pages/pages/register/register-admin';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = `${b64({ alg: 'HS256' })}.${b64({ uid: 'u1', role: ['admin'], permission: [], iat: 1, exp: 4102444800 })}.sig`;

let sent: unknown[];
function mockServer(adminExists: boolean) {
  sent = [];
  setRequestHandler(async (url, opts) => {
    if (url === '/api/auth/login-config') return { success: true, data: { loginTypes: ['username'], adminExists } };
    if (url === '/api/auth/register-admin') {
      sent.push(opts.data);
      return { success: true, data: { token, refreshToken: 'r1', userInfo: { _id: 'u1', username: 'root', role: ['admin'], permission: [], score: 10000 } } };
    }
    throw new Error(`unexpected ${url}`);
  });
}

const renderPage = () => renderInApp(<RegisterAdmin />);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  resetUmiStandIn();
  resetHistory('/uni_modules/uni-id-pages/pages/register/register-admin');
});

describe('register-admin', () => {
  test('rejects what the server rejects, with the same messages', async () => {
    mockServer(false);
    renderPage();
    await screen.findByLabelText('Username');
    type('Username', '12345');
    type('Nickname (optional)', 'a@b');
    type('Password', 'abcdefgh');
    type('Password again', 'abcdefgx');
    fireEvent.submit(screen.getByLabelText('Username').closest('form')!);
    expect(await screen.findByText('Username: 3-32 letters, digits, _ or -, not all digits')).toBeInTheDocument();
    expect(screen.getByText('Nickname must not contain @ or be all digits')).toBeInTheDocument();
    expect(screen.getByText('Password too weak: use at least two of letters, digits and symbols')).toBeInTheDocument();
    expect(screen.getByText('The two passwords differ')).toBeInTheDocument();
    type('Password', 'short1');
    expect(await screen.findByText('Password: 8-16 letters, digits or symbols')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  test('a valid form creates the admin, signs in and opens the admin home', async () => {
    mockServer(false);
    renderPage();
    await screen.findByLabelText('Username');
    type('Username', 'root_admin');
    type('Password', 'Secret-123');
    type('Password again', 'Secret-123');
    fireEvent.submit(screen.getByLabelText('Username').closest('form')!);
    await waitFor(() => expect(history.location.pathname).toBe('/pages/admin-index/admin-index'));
    expect(sent).toEqual([{ username: 'root_admin', nickname: undefined, password: 'Secret-123', password2: 'Secret-123' }]);
    expect(readSession().token).toBe(token);
  });

  test('once an admin exists the form is replaced by a way to sign in', async () => {
    mockServer(true);
    renderPage();
    expect(await screen.findByText('A super administrator already exists')).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.getByText('Go to sign in').closest('a')).toHaveAttribute('href', '/uni_modules/uni-id-pages/pages/login/login-withoutpwd');
  });
});
