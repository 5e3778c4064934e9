/**
 * The list building block (components/admin/ResourceList): what the user does with the
 * keyword box, column filters, sorting and paging becomes the contract's query string; batch
 * delete asks first and names the count; export downloads the current query's xlsx; a failed
 * load offers a retry.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dateColumn, statusColumn, textColumn, type ResourceColumn } from '@/components/admin/columns';
import ResourceList from '@/components/admin/ResourceList';
import { tableQuery } from '@/components/admin/list-query';
import { listQueryString, withQuery } from '@/services/query-string';
import { userResource, type UserRow } from '@/services/system';
import { fakeApi, list, ok, renderAdmin, serverError, signIn } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

const user = (i: number): UserRow => ({
  _id: `u${i}`,
  username: `user${i}`,
  nickname: `Nick ${i}`,
  mobile: null,
  email: null,
  status: i % 2,
  gender: 0,
  avatar_file: null,
  role: [],
  role_name: [],
  tags: [],
  tag_name: [],
  dcloud_appid: null,
  score: 0,
  comment: null,
  last_login_date: '2026-01-02T03:04:05.000Z',
  last_login_ip: null,
  register_date: '2025-12-01T00:00:00.000Z',
});
const ROWS = Array.from({ length: 45 }, (_, i) => user(i + 1));

function columns(): ResourceColumn<UserRow>[] {
  const t = (id: string) => id;
  return [
    textColumn('Username', 'username', { sorter: true }),
    statusColumn('Status', 'status', { 0: { text: 'Normal' }, 1: { text: 'Disabled' } }, { filter: true }),
    dateColumn(t, 'Last sign-in', 'last_login_date', { sorter: true, rangeFilter: true }),
  ];
}

function renderList(extra: Partial<Parameters<typeof ResourceList<UserRow>>[0]> = {}) {
  return renderAdmin(
    <ResourceList
      resource={userResource}
      title="route.system.user.list"
      columns={columns()}
      searchPlaceholder="Search users"
      pageSizes={[20, 50, 100, 500]}
      access={{ create: 'admin', update: 'admin', delete: 'DELETE_UNI_ID_USERS' }}
      addPath="/pages/system/user/add"
      editPath={(r) => `/pages/system/user/edit?id=${r._id}`}
      rowLabel={(r) => r.username ?? r._id}
      {...extra}
    />,
  );
}

/** a server over ROWS: paging as asked (no filtering: the query string is what is checked) */
function server() {
  return fakeApi({
    'GET /api/system/users': ({ query }) => {
      const current = Number(query.get('current') ?? 1);
      const size = Number(query.get('pageSize') ?? 20);
      return list(ROWS.slice((current - 1) * size, current * size), ROWS.length);
    },
    'DELETE /api/system/users': ({ data }) => ok({ deleted: (data as { ids: string[] }).ids.length }),
  });
}

/** the confirmation dialog whose title is this text */
async function confirmBox(title: string): Promise<HTMLElement> {
  const hits = await screen.findAllByText(title);
  return hits.map((h) => h.closest('.ant-modal-confirm')).find(Boolean) as HTMLElement;
}

const lastQuery = (api: ReturnType<typeof server>) => api.last('GET /api/system/users')!.query.toString();

beforeEach(() => {
  resetUmiStandIn();
  signIn();
});

describe('the contract query string', () => {
  test('repeated keys for several values, _from/_to for ranges, nothing for what is empty', () => {
    expect(
      listQueryString({
        current: 2,
        pageSize: 50,
        keyword: ' ann ',
        sortField: 'last_login_date',
        sortOrder: 'descend',
        filters: { status: ['0', '1'], role: [] },
        ranges: { register_date: ['2026-01-01T00:00:00.000Z', undefined] },
      }),
    ).toBe('?current=2&pageSize=50&keyword=ann&sortField=last_login_date&sortOrder=descend&status=0&status=1&register_date_from=2026-01-01T00%3A00%3A00.000Z');
    expect(listQueryString({})).toBe('');
  });

  test('links carry their query escaped, leaving out what is empty', () => {
    expect(withQuery('/pages/system/tag/edit', { id: 'a&b c/d' })).toBe('/pages/system/tag/edit?id=a%26b+c%2Fd');
    expect(withQuery('/pages/system/user/list', { tagid: '', id: undefined })).toBe('/pages/system/user/list');
  });
});

describe('table state -> query', () => {
  test('a date-range filter becomes _from/_to, page filters are added, the first sorted column wins', () => {
    expect(
      tableQuery(
        { current: 3, pageSize: 100, keyword: ' x ' },
        { username: null, last_login_date: 'descend' },
        { status: ['1'], last_login_date: ['2026-01-01T00:00:00.000Z', ''], role: null },
        { rangeFields: new Set(['last_login_date']), preset: { tagid: ['vip'] } },
      ),
    ).toEqual({
      current: 3,
      pageSize: 100,
      keyword: 'x',
      sortField: 'last_login_date',
      sortOrder: 'descend',
      filters: { tagid: ['vip'], status: ['1'] },
      ranges: { last_login_date: ['2026-01-01T00:00:00.000Z', undefined] },
    });
  });
});

describe('ResourceList', () => {
  test('first page of 20, then keyword, filter, sort and paging each reach the server', async () => {
    const api = server();
    renderList();
    expect(await screen.findByText('user1')).toBeInTheDocument();
    expect(lastQuery(api)).toBe('current=1&pageSize=20');
    expect(screen.getByText('45 in total')).toBeInTheDocument();

    // keyword: Enter in the search box, back to the first page
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastQuery(api)).toBe('current=2&pageSize=20'));
    const box = screen.getByLabelText('Search');
    fireEvent.change(box, { target: { value: 'ann' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastQuery(api)).toBe('current=1&pageSize=20&keyword=ann'));

    // column filter: status Normal + Disabled -> status=0&status=1
    const statusHeader = screen.getAllByText('Status')[0].closest('th')!;
    fireEvent.click(statusHeader.querySelector('.ant-table-filter-trigger')!);
    const dropdown = await waitFor(() => document.querySelector('.ant-table-filter-dropdown') as HTMLElement);
    fireEvent.click(within(dropdown).getByText('Normal'));
    fireEvent.click(within(dropdown).getByText('Disabled'));
    fireEvent.click(within(dropdown).getByText('OK'));
    await waitFor(() => expect(lastQuery(api)).toBe('current=1&pageSize=20&keyword=ann&status=0&status=1'));

    // sorting: one click ascends, another descends
    fireEvent.click(screen.getAllByText('Username')[0]);
    await waitFor(() => expect(lastQuery(api)).toBe('current=1&pageSize=20&keyword=ann&sortField=username&sortOrder=ascend&status=0&status=1'));
    fireEvent.click(screen.getAllByText('Username')[0]);
    await waitFor(() => expect(lastQuery(api)).toBe('current=1&pageSize=20&keyword=ann&sortField=username&sortOrder=descend&status=0&status=1'));

    // paging keeps the rest of the query
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(lastQuery(api)).toBe('current=3&pageSize=20&keyword=ann&sortField=username&sortOrder=descend&status=0&status=1'));
    expect(await screen.findByText('user41')).toBeInTheDocument();
  });

  test('the page sizes on offer are 20, 50, 100 and 500; choosing one asks for it', async () => {
    const api = server();
    renderList();
    await screen.findByText('user1');
    fireEvent.mouseDown(screen.getByText('20 / page'));
    for (const size of ['50 / page', '100 / page', '500 / page']) expect(await screen.findByText(size)).toBeInTheDocument();
    fireEvent.click(screen.getByText('50 / page'));
    await waitFor(() => expect(lastQuery(api)).toBe('current=1&pageSize=50'));
    expect(await screen.findByText('user45')).toBeInTheDocument();
  });

  test('batch delete names the count and deletes nothing until confirmed', async () => {
    const api = server();
    renderList();
    await screen.findByText('user1');
    // the row's checkbox (the name's cell carries the same label for its tooltip)
    const checkbox = (name: string) => screen.getAllByLabelText(name).find((el) => el.tagName === 'INPUT')!;
    fireEvent.click(checkbox('user2'));
    fireEvent.click(checkbox('user3'));
    fireEvent.click(await screen.findByText('Delete selected (2)'));
    const dialog = await confirmBox('Delete the 2 selected items?');
    expect(within(dialog).getByText('This cannot be undone.')).toBeInTheDocument();
    expect(api.to('DELETE /api/system/users')).toHaveLength(0);

    // cancel: still nothing deleted
    fireEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryAllByText('Delete the 2 selected items?')).toHaveLength(0));
    expect(api.to('DELETE /api/system/users')).toHaveLength(0);

    fireEvent.click(screen.getByText('Delete selected (2)'));
    fireEvent.click(within(await confirmBox('Delete the 2 selected items?')).getByText('Delete'));
    await waitFor(() => expect(api.to('DELETE /api/system/users')).toHaveLength(1));
    expect(api.last('DELETE /api/system/users')!.data).toEqual({ ids: ['u2', 'u3'] });
    expect(await screen.findByText('2 deleted')).toBeInTheDocument();
  });

  test('a row delete names the row; a row that may not go cannot be deleted', async () => {
    const api = server();
    renderList({ canDeleteRow: (r) => (r._id === 'u1' ? 'built in' : true) });
    await screen.findByText('user1');
    // the built-in row's delete says why and does nothing
    expect(screen.getByLabelText('Delete user1')).toHaveAttribute('title', 'built in');
    fireEvent.click(screen.getByLabelText('Delete user1'));
    fireEvent.click(screen.getByLabelText('Delete user4'));
    expect(await confirmBox('Delete “user4”?')).toBeInTheDocument();
    expect(screen.queryAllByText('Delete “user1”?')).toHaveLength(0);
    expect(api.to('DELETE /api/system/users')).toHaveLength(0);
  });

  test('export downloads the xlsx of the whole current query, named by the server', async () => {
    let finish: (v: unknown) => void = () => {};
    const created: Blob[] = [];
    const clicked: string[] = [];
    Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => {} });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const routes = fakeApi({
      'GET /api/system/users': () => list(ROWS.slice(0, 20), ROWS.length),
      'GET /api/system/users/export': () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    });
    renderList();
    await screen.findByText('user1');
    const box = screen.getByLabelText('Search');
    fireEvent.change(box, { target: { value: 'nick' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(routes.last('GET /api/system/users')!.query.get('keyword')).toBe('nick'));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(routes.last('GET /api/system/users')!.query.get('current')).toBe('2'));

    fireEvent.click(screen.getByText('Export'));
    expect(await screen.findByText('Exporting…')).toBeInTheDocument();
    const call = routes.last('GET /api/system/users/export')!;
    // every matching row: the keyword, no paging
    expect(call.query.get('keyword')).toBe('nick');
    expect(call.query.has('current')).toBe(false);
    expect(call.query.has('pageSize')).toBe(false);
    expect(call.query.get('tzOffset')).toBe(String(new Date().getTimezoneOffset()));
    expect(call.opts).toMatchObject({ responseType: 'blob', getResponse: true });

    await act(async () => finish({ data: new Blob(['xlsx']), headers: { 'content-disposition': 'attachment; filename="users-20260102-030405.xlsx"' } }));
    expect(await screen.findByText('Exported users-20260102-030405.xlsx')).toBeInTheDocument();
    expect(clicked).toEqual(['users-20260102-030405.xlsx']);
    expect(created).toHaveLength(1);
    click.mockRestore();
  });

  test('filters the page fixes from its url are sent and shown, with a way back to everything', async () => {
    const api = server();
    const clear = jest.fn();
    renderList({ presetFilters: [{ field: 'tagid', values: ['vip'], label: 'Tag: VIP' }], onClearPresets: clear });
    await screen.findByText('user1');
    expect(lastQuery(api)).toBe('current=1&pageSize=20&tagid=vip');
    expect(screen.getByText('Tag: VIP')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Show all'));
    expect(clear).toHaveBeenCalled();
  });

  test('a failed load says so and offers a retry', async () => {
    let fail = true;
    fakeApi({
      'GET /api/system/users': () => {
        if (fail) throw serverError(500, 'SYSTEM_ERROR', 'System error, please try again later');
        return list([user(7)]);
      },
    });
    renderList();
    expect(await screen.findByText('System error, please try again later')).toBeInTheDocument();
    expect(screen.getAllByText('The list could not be loaded').length).toBeGreaterThan(0);
    fail = false;
    fireEvent.click(screen.getByText('Retry'));
    expect(await screen.findByText('user7')).toBeInTheDocument();
    expect(screen.queryByText('System error, please try again later')).not.toBeInTheDocument();
  });

  test('an empty answer says whether the search narrowed it', async () => {
    fakeApi({ 'GET /api/system/users': ({ query }) => list(query.get('keyword') ? [] : [user(1)]) });
    renderList();
    await screen.findByText('user1');
    const box = screen.getByLabelText('Search');
    fireEvent.change(box, { target: { value: 'zzz' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('Nothing matches the search or filters')).toBeInTheDocument();
  });

  test('without the permissions there is no add, edit, delete or selection', async () => {
    signIn(['staff'], ['READ_UNI_ID_USERS']);
    server();
    renderList();
    await screen.findByText('user1');
    expect(screen.getByText('Export')).toBeInTheDocument();
    expect(screen.queryByText('Add')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Delete user1')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Edit user1')).not.toBeInTheDocument();
    expect(screen.queryAllByLabelText('user1').filter((el) => el.tagName === 'INPUT')).toHaveLength(0);
  });
});
