/**
 * The error log (spec section 3): this tab's JS errors and failed page loads, each with its
 * route and time, counted on a badge in the top bar and listed in a drawer; a page whose code
 * fails to load fires the preload-error event and shows the failure with a retry.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { resetUmiStandIn } from './support/umi-max';
import { renderInApp } from './support/render';
import ErrorLogButton from '@/components/ErrorLog';
import PageErrorBoundary from '@/components/PageErrorBoundary';
import { errorLogEntries, installErrorLog, PRELOAD_ERROR_EVENT, resetErrorLogForTests } from '@/shared/error-log';

installErrorLog();

beforeEach(() => {
  resetUmiStandIn();
  resetErrorLogForTests();
  window.location.hash = '#/pages/system/user/list?tagid=vip';
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

/** what webpack throws when a page's chunk cannot be fetched */
function chunkError() {
  const e = new Error('Loading chunk p__system__user__list failed.\n(error: http://x/p__system__user__list.js)');
  e.name = 'ChunkLoadError';
  return e;
}

describe('error log', () => {
  test('no badge while nothing went wrong; a thrown error and an unhandled rejection count, with route and time', async () => {
    renderInApp(<ErrorLogButton />);
    expect(screen.queryByLabelText(/Error log/)).toBeNull();

    const before = Date.now();
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined'), message: 'x is undefined' }));
      const rejected = new Event('unhandledrejection') as Event & { reason?: unknown };
      rejected.reason = new Error('fetch went wrong');
      window.dispatchEvent(rejected);
    });
    await act(() => new Promise((r) => setTimeout(r, 5)));

    const button = await screen.findByLabelText('Error log (2)');
    expect(within(button).getByText('2')).toBeInTheDocument();
    const entries = errorLogEntries();
    expect(entries.map((e) => [e.kind, e.message, e.route])).toEqual(
      expect.arrayContaining([
        ['error', 'x is undefined', '/pages/system/user/list?tagid=vip'],
        ['rejection', 'fetch went wrong', '/pages/system/user/list?tagid=vip'],
      ]),
    );
    expect(entries[0].time).toBeGreaterThanOrEqual(before);

    // the drawer lists them with their details; "clear all" empties it and the badge goes
    fireEvent.click(button);
    const drawer = (await screen.findByText('Error log', { selector: '.ant-drawer-title' })).closest('.ant-drawer-content') as HTMLElement;
    expect(within(drawer).getByText('x is undefined')).toBeInTheDocument();
    expect(within(drawer).getByText('fetch went wrong')).toBeInTheDocument();
    expect(within(drawer).getAllByText('/pages/system/user/list?tagid=vip')).toHaveLength(2);
    expect(within(drawer).getByText('Unhandled promise')).toBeInTheDocument();
    expect(within(drawer).getAllByText('Stack')).toHaveLength(2);
    fireEvent.click(within(drawer).getByText('Clear all'));
    expect(await within(drawer).findByText('No errors')).toBeInTheDocument();
    expect(errorLogEntries()).toEqual([]);
  });

  test("a page whose code fails to load: the preload-error event fires, the boundary shows the failure with a retry, the log has a 'page load failed' entry", async () => {
    const fired: unknown[] = [];
    const onPreload = (e: Event) => fired.push((e as CustomEvent).detail);
    window.addEventListener(PRELOAD_ERROR_EVENT, onPreload);
    const error = chunkError();
    const Page = lazy(() => Promise.reject(error));
    renderInApp(
      <>
        <ErrorLogButton />
        <PageErrorBoundary resetKey="/pages/system/user/list">
          <Suspense fallback={null}>
            <Page />
          </Suspense>
        </PageErrorBoundary>
      </>,
    );
    const alert = await screen.findByRole('alert');
    window.removeEventListener(PRELOAD_ERROR_EVENT, onPreload);
    expect(alert).toHaveTextContent('This page could not be loaded');
    expect(within(alert).getByText('Reload')).toBeInTheDocument();
    expect(fired).toEqual([error]);
    await act(() => new Promise((r) => setTimeout(r, 5)));
    // one entry, though React in development also reports the error to window
    expect(errorLogEntries().map((e) => [e.kind, e.route])).toEqual([['page-load', '/pages/system/user/list?tagid=vip']]);
    fireEvent.click(screen.getByLabelText('Error log (1)'));
    expect(await screen.findByText('Page load failed')).toBeInTheDocument();
  });

  test('a page that throws while rendering: logged as a page error, and "try again" renders it again', async () => {
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('cannot read the rows');
      return <p>rows shown</p>;
    }
    renderInApp(
      <PageErrorBoundary resetKey="/pages/index/index">
        <Flaky />
      </PageErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on this page.');
    await act(() => new Promise((r) => setTimeout(r, 5)));
    expect(errorLogEntries().map((e) => [e.kind, e.message])).toEqual([['render', 'cannot read the rows']]);
    fail = false;
    fireEvent.click(screen.getByText('Try again'));
    expect(await screen.findByText('rows shown')).toBeInTheDocument();
  });
});
