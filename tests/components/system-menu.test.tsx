/**
 * The menu admin page: a tree; "add child" only on folder rows; deleting says the whole
 * subtree goes and how many menus that is; the built-in roots cannot be deleted; "update
 * built-in menus" says how many were added; every change reloads the left menu.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MenuList from '@/pages/system/menu/list';
import type { MenuRow } from '@/services/system';
import { fakeApi, list, ok, renderAdmin, signIn } from './support/system';
import { history, resetHistory, resetUmiStandIn } from './support/umi-max';

const row = (menu_id: string, name: string, url: string, parent_id: string | null, sort: number): MenuRow => ({
  menu_id,
  name,
  icon: null,
  url,
  sort,
  parent_id,
  permission: [],
  enable: true,
  create_date: '2026-01-01T00:00:00.000Z',
});

const MENUS = [
  row('system_management', 'menu.systemManagement', '', null, 1000),
  row('system_user', 'menu.user', '/pages/system/user/list', 'system_management', 1010),
  row('reports', 'Reports', '', null, 2000),
  row('reports_daily', 'Daily report', '/pages/reports/daily', 'reports', 2010),
  row('reports_more', 'More reports', '', 'reports', 2020),
  row('reports_weekly', 'Weekly report', '/pages/reports/weekly', 'reports_more', 2021),
];

function server() {
  return fakeApi({
    'GET /api/system/menus': ({ query }) => {
      const kw = query.get('keyword');
      return list(kw ? MENUS.filter((m) => m.name.includes(kw)) : MENUS);
    },
    'DELETE /api/system/menus/reports': () => ok({ deleted: 4 }),
    'POST /api/system/menus/update-built-in': () => ok({ added: 3 }),
  });
}

// jsdom has no layout: a Range measures nothing (the list fits its actions column by measuring)
if (!Range.prototype.getBoundingClientRect) Range.prototype.getBoundingClientRect = () => document.createElement('div').getBoundingClientRect();

/** opens every folder of the tree (it first shows its roots) */
async function openTree() {
  await screen.findByText('Reports');
  for (let open = document.querySelector('.ant-table-row-expand-icon-collapsed'); open; open = document.querySelector('.ant-table-row-expand-icon-collapsed')) {
    fireEvent.click(open);
  }
  await screen.findByText('Weekly report');
}

/** the table row showing this text */
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
async function confirmBox(title: string) {
  const hits = await screen.findAllByText(title);
  return hits.map((h) => h.closest('.ant-modal-confirm')).find(Boolean) as HTMLElement;
}

beforeEach(() => {
  resetUmiStandIn();
  resetHistory('/pages/system/menu/list');
  signIn();
});

describe('menu admin', () => {
  test('a tree with built-in names translated; "add child" only on folders, opening the form under that folder', async () => {
    server();
    renderAdmin(<MenuList />);
    // the tree opens at its roots
    expect(await screen.findByText('Reports')).toBeInTheDocument();
    expect(screen.queryByText('Weekly report')).not.toBeInTheDocument();
    await openTree();
    // the nesting: the weekly report sits two levels under Reports
    expect(screen.getByText('System management')).toBeInTheDocument();
    expect(rowOf('Weekly report')).toHaveClass('ant-table-row-level-2');
    expect(rowOf('Reports')).toHaveClass('ant-table-row-level-0');

    for (const folder of ['System management', 'Reports', 'More reports']) expect(within(rowOf(folder)).getByText('Add child')).toBeInTheDocument();
    for (const page of ['Users', 'Daily report', 'Weekly report']) expect(within(rowOf(page)).queryByText('Add child')).not.toBeInTheDocument();

    fireEvent.click(within(rowOf('More reports')).getByText('Add child'));
    expect(history.location.pathname).toBe('/pages/system/menu/add');
    expect(history.location.search).toBe('?parent_id=reports_more');
  });

  test('deleting a folder says its whole subtree goes, with the count; the left menu reloads after', async () => {
    const api = server();
    const { menu } = renderAdmin(<MenuList />);
    await openTree();
    fireEvent.click(screen.getByLabelText('Delete Reports'));
    const dialog = await confirmBox('Delete “Reports”?');
    expect(dialog).toHaveTextContent('Its whole subtree goes with it: 3 menus under it, 4 menus in all.');
    expect(api.to('DELETE /api/system/menus/reports')).toHaveLength(0);

    fireEvent.click(within(dialog).getByText('Delete'));
    await waitFor(() => expect(api.to('DELETE /api/system/menus/reports')).toHaveLength(1));
    expect(await screen.findByText('4 deleted')).toBeInTheDocument();
    await waitFor(() => expect(menu.refresh).toHaveBeenCalled());
  });

  test('a page without children says so', async () => {
    server();
    renderAdmin(<MenuList />);
    await openTree();
    fireEvent.click(screen.getByLabelText('Delete Daily report'));
    expect(await confirmBox('Delete “Daily report”?')).toHaveTextContent('It has no menus under it.');
  });

  test('while a search shows part of the tree, the count still covers the whole subtree', async () => {
    const api = server();
    renderAdmin(<MenuList />);
    await openTree();
    const box = screen.getByLabelText('Search');
    fireEvent.change(box, { target: { value: 'Reports' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByText('Weekly report')).not.toBeInTheDocument());
    fireEvent.click(screen.getByLabelText('Delete Reports'));
    expect(await confirmBox('Delete “Reports”?')).toHaveTextContent('3 menus under it, 4 menus in all');
    // the whole tree was read for the count
    expect(api.to('GET /api/system/menus').some((c) => !c.query.has('keyword'))).toBe(true);
  });

  test('the tree opens at its roots; a search shows its matches with every folder open', async () => {
    server();
    renderAdmin(<MenuList />);
    await screen.findByText('Reports');
    expect(screen.queryByText('Daily report')).not.toBeInTheDocument();
    const box = screen.getByLabelText('Search');
    fireEvent.change(box, { target: { value: 'report' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    // the weekly report sits under "More reports", both matches, shown without a click
    expect(await screen.findByText('Weekly report')).toBeInTheDocument();
    expect(rowOf('Weekly report')).toHaveClass('ant-table-row-level-1');
  });

  test('the built-in roots cannot be deleted', async () => {
    server();
    renderAdmin(<MenuList />);
    await openTree();
    const del = screen.getByLabelText('Delete System management');
    expect(del).toHaveAttribute('title', 'Built-in root menus cannot be deleted');
    fireEvent.click(del);
    expect(screen.queryAllByText('Delete “System management”?')).toHaveLength(0);
  });

  test('"update built-in menus" says how many were added and reloads the left menu', async () => {
    const api = server();
    const { menu } = renderAdmin(<MenuList />);
    await openTree();
    fireEvent.click(screen.getByText('Update built-in menus'));
    expect(await screen.findByText('3 missing built-in menus added')).toBeInTheDocument();
    expect(api.to('POST /api/system/menus/update-built-in')).toHaveLength(1);
    expect(menu.refresh).toHaveBeenCalled();
  });
});
