/**
 * Theme switch (the spec's 'default' and 'green', and 'dark'): saved in localStorage, set on <body data-theme>. In
 * the top bar on a wide screen; below 768 px the same choices are items of the user menu
 * (useThemeItems). Every theme of shared/theme.ts THEMES is offered.
 */
import { Segmented } from 'antd';
import { useT } from '../shared/i18n';
import { THEME_PRIMARY, THEMES, useTheme, type ThemeName } from '../shared/theme';

function ThemeLabel({ name }: { name: ThemeName }) {
  const t = useT();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span aria-hidden style={{ width: 10, height: 10, borderRadius: '50%', background: THEME_PRIMARY[name], display: 'inline-block' }} />
      {t(`theme.${name}`)}
    </span>
  );
}

const THEME_ITEM = 'theme:';

/** the themes as user-menu items, the chosen one's key, and what a click on one does (false for another item) */
export function useThemeItems() {
  const [theme, setTheme] = useTheme();
  return {
    items: THEMES.map((name) => ({ key: `${THEME_ITEM}${name}`, label: <ThemeLabel name={name} /> })),
    selected: `${THEME_ITEM}${theme}`,
    onClick: (key: string) => {
      if (!key.startsWith(THEME_ITEM)) return false;
      setTheme(key.slice(THEME_ITEM.length) as ThemeName);
      return true;
    },
  };
}

export default function ThemeSwitch() {
  const t = useT();
  const [theme, setTheme] = useTheme();
  return (
    <Segmented<ThemeName>
      size="small"
      aria-label={t('nav.theme')}
      value={theme}
      onChange={(v) => setTheme(v)}
      options={THEMES.map((name) => ({ value: name, title: t(`theme.${name}`), label: <ThemeLabel name={name} /> }))}
    />
  );
}
