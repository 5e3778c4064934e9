/**
 * Relative times by the spec's thresholds (60 s, 1 h): "just now", minutes, then the date; in
 * each language, with the exact date on the element, moving on as time passes.
 */
import { act, render, screen } from '@testing-library/react';
import { describeAreaCatalogue, sourcesIn } from './support/area-catalogue';
import { resetUmiStandIn, setLocale, setModel } from './support/umi-max';
import AppRoot from '@/components/AppRoot';
import { TIME_MESSAGES } from '@/components/time/i18n';
import RelativeTime from '@/components/time/RelativeTime';
import { relativeTime } from '@/shared/format';

const NOW = Date.parse('2026-11-28T08:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describeAreaCatalogue({
  name: 'time catalogues',
  prefix: 'time',
  messages: TIME_MESSAGES,
  sources: sourcesIn('src/components/time'),
  // the component builds its keys from the kind
  built: () => ['time.justNow', 'time.soon', 'time.minutesAgo', 'time.inMinutes'],
  atLeast: 3,
  values: { n: 5 },
});

describe('relativeTime', () => {
  it('follows the thresholds at their edges', () => {
    expect(relativeTime(ago(0), NOW)).toEqual({ kind: 'justNow' });
    expect(relativeTime(ago(59_999), NOW)).toEqual({ kind: 'justNow' });
    expect(relativeTime(ago(60_000), NOW)).toEqual({ kind: 'minutesAgo', n: 1 });
    expect(relativeTime(ago(3_599_999), NOW)).toEqual({ kind: 'minutesAgo', n: 59 });
    expect(relativeTime(ago(3_600_000), NOW)).toMatchObject({ kind: 'date' });
    expect(relativeTime(ago(-30_000), NOW)).toEqual({ kind: 'soon' });
    expect(relativeTime(ago(-5 * 60_000), NOW)).toEqual({ kind: 'inMinutes', n: 5 });
  });
});

describe('RelativeTime', () => {
  beforeEach(() => {
    resetUmiStandIn();
    setModel('@@initialState', { initialState: undefined, setInitialState: jest.fn(), refresh: jest.fn() });
    setModel('menu', { clear: jest.fn() });
    jest.useFakeTimers({ now: NOW });
  });
  afterEach(() => jest.useRealTimers());

  const show = (value: string | null) =>
    render(
      <AppRoot>
        <span data-testid="t">
          <RelativeTime value={value} />
        </span>
      </AppRoot>,
    );

  it('says "just now", then minutes as time passes, with the exact time on the element', () => {
    show(ago(10_000));
    expect(screen.getByTestId('t')).toHaveTextContent('just now');
    expect(screen.getByTestId('t').querySelector('time')?.getAttribute('datetime')).toBe(ago(10_000));
    act(() => {
      jest.advanceTimersByTime(3 * 60_000);
    });
    expect(screen.getByTestId('t')).toHaveTextContent('3 minutes ago');
  });

  it('shows the date from an hour on, and a dash for no time', () => {
    const { unmount } = show('2026-11-27T06:05:09Z');
    expect(screen.getByTestId('t').textContent).toMatch(/^2026\/11\/27 \d\d:05:09$/);
    unmount();
    show(null);
    expect(screen.getByTestId('t')).toHaveTextContent('-');
  });

  it('speaks the reader language', () => {
    act(() => setLocale('zh-CN'));
    show(ago(5 * 60_000));
    expect(screen.getByTestId('t')).toHaveTextContent('5 分钟前');
    act(() => setLocale('zh-TW'));
    expect(screen.getByTestId('t')).toHaveTextContent('5 分鐘前');
  });
});
