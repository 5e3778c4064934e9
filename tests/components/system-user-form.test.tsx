/**
 * The user form: editing hides the password until "reset password" is switched on; then the
 * new password follows the server's rules and is sent with resetPassword. A duplicate mobile
 * number is refused on the mobile field. Authorized apps: all / selected / none.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import UserAdd from '@/pages/system/user/add';
import UserEdit from '@/pages/system/user/edit';
import type { UserRow } from '@/services/system';
import { fakeApi, list, ok, renderAdmin, serverError, signIn } from './support/system';
import { resetHistory, resetUmiStandIn } from './support/umi-max';

const USER: UserRow = {
  _id: 'u1',
  username: 'alice',
  nickname: 'Alice',
  mobile: '13800000000',
  email: 'alice@example.com',
  status: 0,
  gender: 0,
  avatar_file: null,
  role: ['editor'],
  role_name: ['Editor'],
  tags: [],
  tag_name: [],
  dcloud_appid: null,
  score: 0,
  comment: null,
  last_login_date: null,
  last_login_ip: null,
  register_date: '2026-01-01T00:00:00.000Z',
};

const item = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.submit(screen.getByLabelText('Username').closest('form')!);

function server(put?: () => unknown) {
  return fakeApi({
    'GET /api/system/users/u1': () => ok(USER),
    'GET /api/system/roles': () => list([{ role_id: 'editor', role_name: 'Editor', permission: [], comment: null, create_date: '' }]),
    'GET /api/system/tags': () => list([]),
    'GET /api/system/apps': () => list([]),
    'PUT /api/system/users/u1': ({ data }) => (put ? put() : ok({ ...USER, ...(data as object) })),
    'POST /api/system/users': ({ data }) => ok({ ...USER, ...(data as object) }),
  });
}

beforeEach(() => {
  resetUmiStandIn();
  signIn();
});

describe('user form', () => {
  test('the password fields appear only with "reset password" on, and then follow the rules', async () => {
    resetHistory('/pages/system/user/edit?id=u1');
    const api = server();
    renderAdmin(<UserEdit />);
    expect(await screen.findByDisplayValue('alice')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Reset password'));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    type('New password', 'abcdefgh');
    type('New password again', 'abcdefgx');
    submit();
    await waitFor(() => expect(item('New password')).toHaveTextContent('Password too weak: use at least two of letters, digits and symbols'));
    expect(item('New password again')).toHaveTextContent('The two passwords differ');
    expect(api.to('PUT /api/system/users/u1')).toHaveLength(0);

    type('New password', 'Secret-123');
    type('New password again', 'Secret-123');
    submit();
    await waitFor(() => expect(api.to('PUT /api/system/users/u1')).toHaveLength(1));
    expect(api.last('PUT /api/system/users/u1')!.data).toMatchObject({ username: 'alice', resetPassword: true, password: 'Secret-123', dcloud_appid: null });
  });

  test('with the switch off nothing about the password is sent; switching it off again hides the fields', async () => {
    resetHistory('/pages/system/user/edit?id=u1');
    const api = server();
    renderAdmin(<UserEdit />);
    await screen.findByDisplayValue('alice');
    fireEvent.click(screen.getByLabelText('Reset password'));
    await screen.findByLabelText('New password');
    fireEvent.click(screen.getByLabelText('Reset password'));
    await waitFor(() => expect(screen.queryByLabelText('New password')).not.toBeInTheDocument());
    type('Nickname', 'Alice B');
    submit();
    await waitFor(() => expect(api.to('PUT /api/system/users/u1')).toHaveLength(1));
    const body = api.last('PUT /api/system/users/u1')!.data as Record<string, unknown>;
    expect(body.nickname).toBe('Alice B');
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('resetPassword');
  });

  test('a mobile number another user has is refused on the mobile field', async () => {
    resetHistory('/pages/system/user/edit?id=u1');
    server(() => {
      throw serverError(409, 'ACCOUNT_EXISTS', 'This mobile number is already registered', 'mobile');
    });
    renderAdmin(<UserEdit />);
    await screen.findByDisplayValue('alice');
    type('Mobile', '13900000000');
    submit();
    await waitFor(() => expect(item('Mobile')).toHaveTextContent('This mobile number is already registered'));
    expect(item('Username')).not.toHaveTextContent('already registered');
  });

  test('adding asks for the password twice; "None" authorizes no app', async () => {
    resetHistory('/pages/system/user/add');
    const api = server();
    renderAdmin(<UserAdd />);
    await screen.findByLabelText('Username');
    expect(screen.queryByLabelText('Reset password')).not.toBeInTheDocument();
    type('Username', 'bob');
    submit();
    await waitFor(() => expect(item('New password')).toHaveTextContent('Enter the password'));
    type('New password', 'Secret-123');
    type('New password again', 'Secret-123');
    fireEvent.click(screen.getByText('None'));
    submit();
    await waitFor(() => expect(api.to('POST /api/system/users')).toHaveLength(1));
    expect(api.last('POST /api/system/users')!.data).toMatchObject({ username: 'bob', password: 'Secret-123', dcloud_appid: [], status: 0 });
  });
});
