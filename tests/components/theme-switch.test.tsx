/** The theme switch: sets <body data-theme>, saves the choice, survives a reload, recolours antd. */
import { fireEvent, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { resetUmiStandIn, setModel } from './support/umi-max';
import AppRoot from '@/components/AppRoot';
import ThemeSwitch from '@/components/ThemeSwitch';
import { initTheme, readTheme, resetThemeForTests, THEME_PRIMARY } from '@/shared/theme';

function PrimaryColour() {
  const { token } = theme.useToken();
  return <output aria-label="primary colour">{token.colorPrimary}</output>;
}

function renderApp() {
  setModel('@@initialState', { initialState: undefined, setInitialState: jest.fn(), refresh: jest.fn() });
  setModel('menu', { clear: jest.fn() });
  return render(
    <AppRoot>
      <ThemeSwitch />
      <PrimaryColour />
    </AppRoot>,
  );
}

beforeEach(() => {
  resetUmiStandIn();
  resetThemeForTests();
});

describe('theme switch', () => {
  test('starts on the default theme', () => {
    initTheme();
    renderApp();
    expect(document.body).toHaveAttribute('data-theme', 'default');
    expect(screen.getByLabelText('primary colour')).toHaveTextContent(THEME_PRIMARY.default);
  });

  test('choosing green sets the body attribute, saves it and recolours the components', () => {
    initTheme();
    renderApp();
    fireEvent.click(screen.getByText('Green'));
    expect(document.body).toHaveAttribute('data-theme', 'green');
    expect(localStorage.getItem('theme')).toBe('green');
    expect(screen.getByLabelText('primary colour')).toHaveTextContent(THEME_PRIMARY.green);
    fireEvent.click(screen.getByText('Default'));
    expect(document.body).toHaveAttribute('data-theme', 'default');
    expect(localStorage.getItem('theme')).toBe('default');
  });

  test('the saved theme comes back after a reload', () => {
    localStorage.setItem('theme', 'green');
    document.body.removeAttribute('data-theme');
    expect(initTheme()).toBe('green');
    expect(document.body).toHaveAttribute('data-theme', 'green');
    renderApp();
    expect(screen.getByLabelText('primary colour')).toHaveTextContent(THEME_PRIMARY.green);
  });

  test('an unknown stored value falls back to the default theme', () => {
    localStorage.setItem('theme', 'purple');
    expect(readTheme()).toBe('default');
  });
});
