/**
 * Renders a page the way the app does: inside AppRoot (theme, toasts, login events) and a
 * router on the stand-in history. The initial state and menu models are test doubles.
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import AppRoot from '@/components/AppRoot';
import { setModel, TestRouter } from './umi-max';

export function renderInApp(ui: ReactElement) {
  const initialState = { initialState: undefined, setInitialState: jest.fn(), refresh: jest.fn() };
  const menu = { clear: jest.fn(), refresh: jest.fn() };
  setModel('@@initialState', initialState);
  setModel('menu', menu);
  const result = render(
    <AppRoot>
      <TestRouter>{ui}</TestRouter>
    </AppRoot>,
  );
  return { ...result, initialState, menu };
}
