/**
 * A resource defined outside the kit (its own file, its own base path, as a later area such
 * as /api/ai/models would): ResourceList and ResourceSelect list, page, search and delete
 * through the descriptor, and every request goes to that base.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { textColumn } from '@/components/admin/columns';
import ResourceList from '@/components/admin/ResourceList';
import ResourceSelect from '@/components/admin/ResourceSelect';
import { defineResource, type ListRow } from '@/services/resource';
import { fakeApi, list, ok, renderAdmin, signIn } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

// The generated document of a future area, as `npm run api:generate` would add it to `paths`.
declare module '@/services/api-types' {
  interface paths {
    '/api/lab/widgets': {
      get: {
        parameters: { query?: { current?: number; pageSize?: number; keyword?: string } };
        responses: { 200: { content: { 'application/json': { success: true; data: { code: string; title: string }[]; total: number } } } };
      };
      put?: never;
      post?: never;
      delete: {
        requestBody: { content: { 'application/json': { ids: string[] } } };
        responses: { 200: { content: { 'application/json': { success: true; data: { deleted: number } } } } };
      };
    };
  }
}

const widgetResource = defineResource({ name: 'widgets', base: '/api/lab/widgets', idField: 'code', rowName: (r) => r.title });
type Widget = ListRow<'/api/lab/widgets'>;

// ids with characters a url must escape
const WIDGETS: Widget[] = Array.from({ length: 30 }, (_, i) => ({ code: `w/${i + 1}`, title: `Widget ${i + 1}` }));

function server() {
  return fakeApi({
    'GET /api/lab/widgets': ({ query }) => {
      const kw = query.get('keyword') ?? '';
      const hits = WIDGETS.filter((w) => w.title.includes(kw));
      const current = Number(query.get('current') ?? 1);
      const size = Number(query.get('pageSize') ?? 20);
      return list(hits.slice((current - 1) * size, current * size), hits.length);
    },
    'DELETE /api/lab/widgets/w%2F2': () => ok({ deleted: 1 }),
    'DELETE /api/lab/widgets': ({ data }) => ok({ deleted: (data as { ids: string[] }).ids.length }),
  });
}

async function confirmBox(title: string): Promise<HTMLElement> {
  const hits = await screen.findAllByText(title);
  return hits.map((h) => h.closest('.ant-modal-confirm')).find(Boolean) as HTMLElement;
}

beforeEach(() => {
  resetUmiStandIn();
  // not an admin: the page's own rule decides the delete
  signIn(['lab'], ['DELETE_WIDGETS']);
});

test('lists, pages, searches and deletes at the resource base, naming rows by the resource', async () => {
  const api = server();
  renderAdmin(
    <ResourceList
      resource={widgetResource}
      title="route.system.tag.list"
      columns={[textColumn<Widget>('Title', 'title'), textColumn<Widget>('Code', 'code')]}
      searchPlaceholder="Search widgets"
      access={{ delete: 'DELETE_WIDGETS' }}
    />,
  );
  expect(await screen.findByText('Widget 1')).toBeInTheDocument();
  expect(api.calls.map((c) => c.url)).toEqual(['/api/lab/widgets?current=1&pageSize=20']);
  expect(screen.getByText('30 in total')).toBeInTheDocument();

  fireEvent.click(screen.getByTitle('2'));
  expect(await screen.findByText('Widget 21')).toBeInTheDocument();
  expect(api.calls.at(-1)!.url).toBe('/api/lab/widgets?current=2&pageSize=20');

  const box = screen.getByLabelText('Search');
  fireEvent.change(box, { target: { value: 'Widget 2' } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(api.calls.at(-1)!.url).toBe('/api/lab/widgets?current=1&pageSize=20&keyword=Widget+2'));
  expect(await screen.findByText('Widget 20')).toBeInTheDocument();
  expect(screen.queryByText('Widget 1')).not.toBeInTheDocument();

  // one row: the confirmation names it by the resource's row name; the id is escaped in the url
  fireEvent.click(screen.getByLabelText('Delete Widget 2'));
  fireEvent.click(within(await confirmBox('Delete “Widget 2”?')).getByText('Delete'));
  await waitFor(() => expect(api.to('DELETE /api/lab/widgets/w%2F2')).toHaveLength(1));
  expect(await screen.findByText('1 deleted')).toBeInTheDocument();

  // several rows: one request to the base with the ids
  fireEvent.click(screen.getByLabelText('Widget 20'));
  fireEvent.click(screen.getByLabelText('Widget 21'));
  fireEvent.click(await screen.findByText('Delete selected (2)'));
  fireEvent.click(within(await confirmBox('Delete the 2 selected items?')).getByText('Delete'));
  await waitFor(() => expect(api.to('DELETE /api/lab/widgets')).toHaveLength(1));
  expect(api.last('DELETE /api/lab/widgets')!.data).toEqual({ ids: ['w/20', 'w/21'] });

  // nothing went anywhere but the resource's base
  expect(api.calls.filter((c) => !c.path.startsWith('/api/lab/widgets'))).toEqual([]);
  // without the rules no add or edit is offered
  expect(screen.queryByText('Add')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Edit Widget 20')).not.toBeInTheDocument();
});

test('a picker over the resource offers "name (id)" from its base', async () => {
  const api = server();
  renderAdmin(<ResourceSelect resource={widgetResource} aria-label="Widget" open />);
  expect(await screen.findByText('Widget 3 (w/3)')).toBeInTheDocument();
  expect(api.calls.map((c) => c.url)).toEqual(['/api/lab/widgets?current=1&pageSize=500']);
});
