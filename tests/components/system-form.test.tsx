/**
 * The form building block (components/admin/ResourceForm), through the role pages: the
 * server's rejection shows on the field it names; fields fixed after creation are disabled
 * when editing and not sent; Enter submits; success says so and returns to the list; the
 * page says when the record is gone.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import RoleAdd from '@/pages/system/role/add';
import RoleEdit from '@/pages/system/role/edit';
import { fakeApi, list, ok, renderAdmin, serverError, signIn } from './support/system';
import { history, resetHistory, resetUmiStandIn } from './support/umi-max';

const ROLE = {
  role_id: 'editor',
  role_name: 'Editor',
  permission: ['READ_UNI_ID_USERS'],
  comment: null,
  daily_credit_limit: 300,
  create_date: '2026-01-01T00:00:00.000Z',
};
const PERMISSIONS = [{ permission_id: 'READ_UNI_ID_USERS', permission_name: 'Read users', comment: null, create_date: '2026-01-01T00:00:00.000Z' }];

/** the form item (label, control, messages) of a field */
const item = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  resetUmiStandIn();
  signIn();
});

describe('ResourceForm', () => {
  test('a duplicate id is shown on the id field, as the server words it', async () => {
    resetHistory('/pages/system/role/add');
    const api = fakeApi({
      'GET /api/system/permissions': () => list(PERMISSIONS),
      'POST /api/system/roles': () => {
        throw serverError(409, 'ID_EXISTS', 'role ID already exists', 'role_id');
      },
    });
    renderAdmin(<RoleAdd />);
    await screen.findByLabelText('Role ID');
    type('Role ID', 'editor');
    type('Role name', 'Editor again');
    fireEvent.submit(screen.getByLabelText('Role ID').closest('form')!);
    await waitFor(() => expect(api.to('POST /api/system/roles')).toHaveLength(1));
    await waitFor(() => expect(item('Role ID')).toHaveTextContent('role ID already exists'));
    expect(item('Role name')).not.toHaveTextContent('role ID already exists');
    // still on the form
    expect(history.location.pathname).toBe('/pages/system/role/add');
  });

  test('the client refuses what the server refuses before sending', async () => {
    resetHistory('/pages/system/role/add');
    const api = fakeApi({ 'GET /api/system/permissions': () => list(PERMISSIONS) });
    renderAdmin(<RoleAdd />);
    await screen.findByLabelText('Role ID');
    type('Role ID', 'bad id!');
    fireEvent.submit(screen.getByLabelText('Role ID').closest('form')!);
    await waitFor(() => expect(item('Role ID')).toHaveTextContent('Role ID: only letters, digits and _ . : -'));
    expect(item('Role name')).toHaveTextContent('Enter the Role name');
    expect(api.to('POST /api/system/roles')).toHaveLength(0);
  });

  test('Save submits the form (so Enter in a text box does); success says so and goes back to the list', async () => {
    resetHistory('/pages/system/role/add');
    const api = fakeApi({
      'GET /api/system/permissions': () => list(PERMISSIONS),
      'POST /api/system/roles': ({ data }) => ok({ ...ROLE, ...(data as object) }),
    });
    renderAdmin(<RoleAdd />);
    await screen.findByLabelText('Role ID');
    type('Role ID', 'auditor');
    type('Role name', 'Auditor');
    expect(item('Daily AI credit limit')).toHaveTextContent('the most generous limit counts; empty: no limit; administrators are never limited');
    type('Daily AI credit limit', '2500');
    // the browser's implicit submission: Enter in a field submits through the form's submit button
    const save = screen.getByText('Save').closest('button')!;
    expect(save).toHaveAttribute('type', 'submit');
    expect(save.form).toBe(screen.getByLabelText('Role name').closest('form'));
    fireEvent.submit(save.form!);
    await waitFor(() => expect(api.to('POST /api/system/roles')).toHaveLength(1));
    expect(api.last('POST /api/system/roles')!.data).toEqual({
      role_id: 'auditor',
      role_name: 'Auditor',
      permission: [],
      comment: null,
      daily_credit_limit: 2500,
    });
    expect(await screen.findByText('Created')).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/pages/system/role/list'));
  });

  test('editing: the id is shown but disabled and not sent; the refresh notice is there', async () => {
    resetHistory('/pages/system/role/edit?id=editor');
    const api = fakeApi({
      'GET /api/system/roles/editor': () => ok(ROLE),
      'GET /api/system/permissions': () => list(PERMISSIONS),
      'PUT /api/system/roles/editor': ({ data }) => ok({ ...ROLE, ...(data as object) }),
    });
    renderAdmin(<RoleEdit />);
    expect(await screen.findByDisplayValue('Editor')).toBeInTheDocument();
    expect(screen.getByLabelText('Role ID')).toBeDisabled();
    expect(screen.getByLabelText('Role ID')).toHaveValue('editor');
    expect(item('Role ID')).toHaveTextContent('Fixed once created');
    expect(screen.getByLabelText('Role name')).toBeEnabled();
    expect(screen.getByText(/reaches its users when their sign-in is next renewed/)).toBeInTheDocument();

    type('Role name', 'Chief editor');
    // emptying the limit clears it
    expect(screen.getByLabelText('Daily AI credit limit')).toHaveValue('300');
    type('Daily AI credit limit', '');
    fireEvent.submit(screen.getByLabelText('Role name').closest('form')!);
    await waitFor(() => expect(api.to('PUT /api/system/roles/editor')).toHaveLength(1));
    const body = api.last('PUT /api/system/roles/editor')!.data as Record<string, unknown>;
    expect(body).toEqual({ role_name: 'Chief editor', permission: ['READ_UNI_ID_USERS'], comment: null, daily_credit_limit: null });
    expect(body).not.toHaveProperty('role_id');
    expect(await screen.findByText('update succeeded')).toBeInTheDocument();
  });

  test('a record that no longer exists says so, with the way back', async () => {
    resetHistory('/pages/system/role/edit?id=gone');
    fakeApi({
      'GET /api/system/roles/gone': () => {
        throw serverError(404, 'NOT_FOUND', 'Not found');
      },
      'GET /api/system/permissions': () => list(PERMISSIONS),
    });
    renderAdmin(<RoleEdit />);
    expect(await screen.findByText('This record does not exist (any more)')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Back to the list'));
    await waitFor(() => expect(history.location.pathname).toBe('/pages/system/role/list'));
  });

  test('without the permission the form is not offered', async () => {
    signIn(['staff'], ['READ_UNI_ID_ROLES']);
    resetHistory('/pages/system/role/add');
    fakeApi({});
    renderAdmin(<RoleAdd />);
    expect(await screen.findByText('No access')).toBeInTheDocument();
    expect(screen.queryByLabelText('Role ID')).not.toBeInTheDocument();
  });
});
