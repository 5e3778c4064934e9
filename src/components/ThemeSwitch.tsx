/** Theme switch (spec: 'default' and 'green'): saved in localStorage, set on <body data-theme>. */
import { Segmented } from 'antd';
import { useT } from '../shared/i18n';
import { THEME_PRIMARY, THEMES, useTheme, type ThemeName } from '../shared/theme';

export default function ThemeSwitch() {
  const t = useT();
  const [theme, setTheme] = useTheme();
  return (
    <Segmented<ThemeName>
      size="small"
      aria-label={t('nav.theme')}
      value={theme}
      onChange={(v) => setTheme(v)}
      options={THEMES.map((name) => ({
        value: name,
        title: t(`theme.${name}`),
        label: (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <span
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: '50%', background: THEME_PRIMARY[name], display: 'inline-block' }}
            />
            {t(`theme.${name}`)}
          </span>
        ),
      }))}
    />
  );
}
