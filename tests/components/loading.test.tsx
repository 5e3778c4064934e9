/**
 * The page-loading indicator (spec section 9: async page load delay 2000 ms, timeout
 * 60000 ms; section 8: while loading, a loading text shows).
 */
import { act, render, screen } from '@testing-library/react';
import { resetUmiStandIn, setLocale } from './support/umi-max';
import Loading from '@/loading';
import { errorLogEntries, resetErrorLogForTests } from '@/shared/error-log';

beforeEach(() => {
  resetUmiStandIn();
  resetErrorLogForTests();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('page loading', () => {
  test('nothing shows for the first 2000 ms, then the indicator with its loading text', () => {
    render(<Loading />);
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  test('the loading text follows the language', () => {
    setLocale('zh-TW');
    render(<Loading />);
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByRole('status')).toHaveTextContent('載入中…');
  });

  test('after 60000 ms: "connection timed out, tap to retry", and the failed load is in the error log', () => {
    render(<Loading />);
    act(() => jest.advanceTimersByTime(59999));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(errorLogEntries()).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveTextContent('Connection timed out. Tap to retry.');
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(errorLogEntries().map((e) => [e.kind, e.message])).toEqual([['page-load', 'Connection timed out. Tap to retry.']]);
  });

  test('a page that loads in time leaves nothing behind', () => {
    const { unmount } = render(<Loading />);
    act(() => jest.advanceTimersByTime(3000));
    unmount();
    act(() => jest.advanceTimersByTime(60000));
    expect(errorLogEntries()).toEqual([]);
  });
});
