/**
 * The page-loading indicator (spec section 9: async page load delay 2000 ms, timeout
 * 60000 ms; section 8: while loading, a loading text shows) inside the drawn frame, and the
 * skeleton shaped like the page being opened before the frame is drawn (a full load).
 */
import { act, render, screen } from '@testing-library/react';
import { resetUmiStandIn, setLocale } from './support/umi-max';
import Loading, { markFrameDrawn, resetFrameDrawnForTests } from '@/loading';
import { errorLogEntries, resetErrorLogForTests } from '@/shared/error-log';

beforeEach(() => {
  resetUmiStandIn();
  resetErrorLogForTests();
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  resetFrameDrawnForTests();
  window.location.hash = '';
  document.documentElement.removeAttribute('data-boot');
});

describe('before the frame is drawn (a full load)', () => {
  test('the skeleton shows at once, shaped for a signed-in page with the frame', () => {
    sessionStorage.setItem('uni_id_token', 'x.y.z');
    window.location.hash = '#/pages/system/user/list';
    render(<Loading />);
    expect(screen.getByRole('status', { name: 'Loading…' }).querySelector('.console-boot-side')).not.toBeNull();
    expect(document.documentElement).toHaveAttribute('data-boot', 'full');
    sessionStorage.clear();
  });

  test('without the left menu on a page that hides it, and a plain spinner for the login page or nobody signed in', () => {
    sessionStorage.setItem('uni_id_refresh_token', 'r');
    window.location.hash = '#/pages/assistant/chat/chat';
    const chat = render(<Loading />);
    expect(document.documentElement).toHaveAttribute('data-boot', 'top');
    chat.unmount();
    window.location.hash = '#/uni_modules/uni-id-pages/pages/login/login-withpwd';
    const login = render(<Loading />);
    expect(document.documentElement).toHaveAttribute('data-boot', 'plain');
    login.unmount();
    sessionStorage.clear();
    window.location.hash = '#/pages/system/user/list';
    render(<Loading />);
    expect(document.documentElement).toHaveAttribute('data-boot', 'plain');
  });
});

describe('page loading inside the frame', () => {
  beforeEach(() => markFrameDrawn());

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
