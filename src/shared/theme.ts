/**
 * Themes (spec: 'default' and 'green', plus 'dark'). The choice is saved in localStorage under
 * 'theme' (default 'default'), set as <body data-theme="..."> and applied to antd through
 * ConfigProvider theme tokens. Other tabs follow through the storage event. Every theme keeps
 * text at WCAG AA contrast (4.5:1), which antd's stock colours do not (tests/e2e/themes.test.ts).
 */
import { useSyncExternalStore } from 'react';
import { theme as antd, type ThemeConfig } from 'antd';

export const THEME_KEY = 'theme';
export const THEMES = ['default', 'green', 'dark'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'default';

/**
 * white text on each light theme's primary reaches 4.5:1 (antd's #1677ff gives 4.1:1); the dark
 * theme's is a seed: no one blue is both 4.5:1 under white text and on a near-black page, so its
 * text blues are lighter and its filled buttons darker (DARK_*)
 */
export const THEME_PRIMARY: Record<ThemeName, string> = {
  default: '#0958d9',
  green: '#1f7a30',
  dark: '#5aa0ff',
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

/**
 * Where antd's derived colours fall short of 4.5:1: secondary text (45% black is 3.4:1 on
 * white), the status colours as text (success 2.2:1, error 3.5:1), preset tag text on its tint
 * (green, orange, gold, cyan, lime, yellow, volcano), and green's selected-item tint (antd
 * derives a grey #afbaaf from a dark green: 2.7:1).
 */
const LIGHT_TEXT = {
  // a placeholder is text too (25% black is 1.8:1): 55% is 4.7:1
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorSuccess: '#237804',
  colorError: '#cf1322',
  colorWarning: '#ad4e00',
  // the tints antd would derive from these darker seeds are greys: the stock ones instead
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  green7: '#237804',
  orange7: '#ad4e00',
  gold7: '#874d00',
  cyan7: '#006d75',
  lime7: '#3f6600',
  yellow7: '#876800',
  volcano7: '#ad2102',
};
const GREEN_TINTS = {
  colorInfoBg: '#edf7ee',
  colorInfoBorder: '#a8d5af',
  colorPrimaryBg: '#edf7ee',
  colorPrimaryBgHover: '#d8eedb',
  colorPrimaryBorder: '#a8d5af',
  colorPrimaryBorderHover: '#7dbf88',
  colorPrimaryHover: '#2e8f40',
  colorPrimaryActive: '#175e25',
};
const DARK_TEXT = {
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
  colorTextDisabled: 'rgba(255, 255, 255, 0.5)',
  colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
  colorTextDescription: 'rgba(255, 255, 255, 0.6)',
  colorPrimaryText: '#8fc2ff',
  colorLink: '#6aa8ee',
  colorLinkHover: '#8fc2ff',
  colorError: '#f0686a',
};
/**
 * white text on filled primary buttons; a danger button's red is also its text on the page, so a
 * filled one writes in near-black on it instead
 */
const DARK_FILLED = {
  colorPrimary: '#1668dc',
  colorPrimaryHover: '#1f6fe0',
  colorPrimaryActive: '#1554ad',
  dangerColor: 'rgba(0, 0, 0, 0.88)',
};
/** an empty table's "No data" is drawn in the disabled grey (1.8:1) though nothing is disabled */
const tablePlaceholder = (dark: boolean) => ({ Table: { colorTextDisabled: dark ? 'rgba(255, 255, 255, 0.6)' : 'rgba(0, 0, 0, 0.6)' } });

/** the antd theme tokens of a theme */
export function antdTheme(name: ThemeName): ThemeConfig {
  const primary = THEME_PRIMARY[name];
  const layout = { Layout: { headerHeight: 48, headerPadding: '0 16px' } };
  if (name === 'dark') {
    return {
      algorithm: antd.darkAlgorithm,
      token: { colorPrimary: primary, colorInfo: primary, ...DARK_TEXT },
      components: { ...layout, ...tablePlaceholder(true), Button: DARK_FILLED, Menu: { itemSelectedColor: '#8fc2ff' } },
    };
  }
  return {
    token: { colorPrimary: primary, colorInfo: primary, colorLink: primary, ...LIGHT_TEXT, ...(name === 'green' ? GREEN_TINTS : {}) },
    components: { ...layout, ...tablePlaceholder(false) },
  };
}

/** for tests: forget the cached value */
export function resetThemeForTests() {
  current = null;
}
