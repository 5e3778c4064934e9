/**
 * Themes (spec: 'default' and 'green'). The choice is saved in localStorage under 'theme'
 * (default 'default'), set as <body data-theme="..."> and applied to antd through
 * ConfigProvider theme tokens. Other tabs follow through the storage event.
 */
import { useSyncExternalStore } from 'react';
import type { ThemeConfig } from 'antd';

export const THEME_KEY = 'theme';
export const THEMES = ['default', 'green'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'default';

export const THEME_PRIMARY: Record<ThemeName, string> = {
  default: '#1677ff',
  green: '#2f8f3a',
};

const isTheme = (v: unknown): v is ThemeName => typeof v === 'string' && (THEMES as readonly string[]).includes(v);

function storage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

export function readTheme(): ThemeName {
  const v = storage()?.getItem(THEME_KEY);
  return isTheme(v) ? v : DEFAULT_THEME;
}

export function applyThemeAttribute(name: ThemeName) {
  if (typeof document !== 'undefined' && document.body) document.body.setAttribute('data-theme', name);
}

const listeners = new Set<() => void>();
let current: ThemeName | null = null;

function get(): ThemeName {
  if (current === null) current = readTheme();
  return current;
}

function publish(name: ThemeName) {
  current = name;
  applyThemeAttribute(name);
  listeners.forEach((l) => l());
}

/** a theme change sets the body attribute and is saved */
export function setTheme(name: ThemeName) {
  if (!isTheme(name)) return;
  storage()?.setItem(THEME_KEY, name);
  publish(name);
}

/** applies the saved theme; call once at start */
export function initTheme(): ThemeName {
  current = readTheme();
  applyThemeAttribute(current);
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key === THEME_KEY) publish(isTheme(e.newValue) ? e.newValue : DEFAULT_THEME);
    });
  }
  return current;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useTheme(): [ThemeName, (name: ThemeName) => void] {
  const theme = useSyncExternalStore(subscribe, get, () => DEFAULT_THEME);
  return [theme, setTheme];
}

/** the antd theme tokens of a theme */
export function antdTheme(name: ThemeName): ThemeConfig {
  return {
    token: { colorPrimary: THEME_PRIMARY[name], colorInfo: THEME_PRIMARY[name], colorLink: THEME_PRIMARY[name] },
    components: { Layout: { headerHeight: 48, headerPadding: '0 16px' } },
  };
}

/** for tests: forget the cached value */
export function resetThemeForTests() {
  current = null;
}
