/** The top bar's credits balance: the score in local storage, followed as it changes. */
import { act, render, screen } from '@testing-library/react';
import { resetUmiStandIn, setModel } from './support/umi-max';
import AppRoot from '@/components/AppRoot';
import ScoreBadge from '@/components/ScoreBadge';
import { saveScore, SCORE_KEY } from '@/shared/session';

beforeEach(() => {
  resetUmiStandIn();
  localStorage.clear();
  setModel('@@initialState', { initialState: undefined, setInitialState: jest.fn(), refresh: jest.fn() });
  setModel('menu', { clear: jest.fn() });
});

test('shows nothing without a stored score, then follows every saved one', () => {
  render(
    <AppRoot>
      <ScoreBadge />
    </AppRoot>,
  );
  expect(screen.queryByTestId('top-bar-score')).toBeNull();
  act(() => saveScore(9980));
  expect(screen.getByTestId('top-bar-score')).toHaveTextContent('9980');
  act(() => saveScore(9902));
  expect(screen.getByTestId('top-bar-score')).toHaveTextContent('9902');
  expect(localStorage.getItem(SCORE_KEY)).toBe('9902');
});

test('follows a score saved by another tab', () => {
  localStorage.setItem(SCORE_KEY, '500');
  render(
    <AppRoot>
      <ScoreBadge />
    </AppRoot>,
  );
  expect(screen.getByTestId('top-bar-score')).toHaveTextContent('500');
  act(() => {
    localStorage.setItem(SCORE_KEY, '120');
    window.dispatchEvent(new StorageEvent('storage', { key: SCORE_KEY }));
  });
  expect(screen.getByTestId('top-bar-score')).toHaveTextContent('120');
});
