/**
 * The frame of the account pages (login, register, retrieve): no top bar, no left menu
 * (frame 'none'); a centred panel with the language and theme switches. Deliberately light:
 * plain elements styled with the theme's tokens (antd Card and Typography would pull tabs,
 * dropdown menus and tooltips into the login page's first load), no layout, no
 * pro-components.
 */
import { theme as antdTheme } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../shared/i18n';
import LangSwitch from './LangSwitch';
import ThemeSwitch from './ThemeSwitch';

export default function AccountFrame({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const t = useT();
  const { token } = antdTheme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        background: token.colorBgLayout,
        color: token.colorText,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 8, padding: '12px 16px' }}>
        <span style={{ color: token.colorPrimary, fontSize: 16, fontWeight: 600 }}>{t('app.name')}</span>
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <LangSwitch />
          <ThemeSwitch />
        </span>
      </header>
      <main style={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: '5vh 16px 24px' }}>
        <section
          style={{
            width: '100%',
            maxWidth: 400,
            padding: 28,
            background: token.colorBgContainer,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <h1 style={{ margin: 0, marginBottom: subtitle ? 4 : 24, fontSize: token.fontSizeHeading3, fontWeight: 600, color: token.colorTextHeading }}>
            {title}
          </h1>
          {subtitle ? <p style={{ marginTop: 0, marginBottom: 24, color: token.colorTextSecondary }}>{subtitle}</p> : null}
          {children}
        </section>
      </main>
    </div>
  );
}
