/**
 * Top bar (48px: menu toggle, back, app name, error log, messages, language, theme, user) and left menu
 * (240px). Below the wide-screen threshold (768px) the left menu folds away behind the toggle
 * and opens as a drawer over the page.
 */
import {
  ArrowLeftOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ProfileOutlined,
  UserDeleteOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { history, Link, useModel } from '@umijs/max';
import { Avatar, Button, Dropdown, Flex, Grid, Layout, Tooltip, theme as antdTheme } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import type { Frame as FrameKind } from '../../config/routes';
import ErrorLogButton from '../components/ErrorLog';
import LangSwitch from '../components/LangSwitch';
import MessageBell from '../components/messages/MessageBell';
import ScoreBadge from '../components/ScoreBadge';
import PageErrorBoundary from '../components/PageErrorBoundary';
import ThemeSwitch from '../components/ThemeSwitch';
import { signOut } from '../services/auth';
import { CHANGE_PWD, DEACTIVATE, USERINFO } from '../uni_modules/uni-id-pages/common/paths';
import type { InitialState } from '../shared/app-state';
import { useT } from '../shared/i18n';
import { stackDepth } from '../shared/nav-stack';
import { currentPayload } from '../shared/session';
import { SPEC } from '../shared/spec';
import SideMenu from './SideMenu';
import TopSearch from './TopSearch';

const { Header, Sider, Content } = Layout;

/** spec: the back button goes to '/' when only one page is in the stack */
export function goBack() {
  if (stackDepth() <= 1) history.push('/');
  else history.back();
}

function UserMenu() {
  const t = useT();
  const { initialState } = useModel('@@initialState') as { initialState?: InitialState };
  const user = initialState?.currentUser;
  const name = user?.nickname || user?.username || user?.mobile || user?.email || t('nav.user');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'name', label: name, disabled: true, icon: <UserOutlined /> },
          { type: 'divider' },
          { key: USERINFO, label: t('nav.userinfo'), icon: <ProfileOutlined /> },
          { key: CHANGE_PWD, label: t('nav.changePwd'), icon: <KeyOutlined /> },
          { key: DEACTIVATE, label: t('nav.deactivate'), icon: <UserDeleteOutlined /> },
          { type: 'divider' },
          { key: 'logout', label: t('nav.logout'), icon: <LogoutOutlined /> },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') void signOut();
          else if (key === USERINFO || key === CHANGE_PWD || key === DEACTIVATE) history.push(key);
        },
      }}
    >
      <Button type="text" aria-label={t('nav.userMenu')} style={{ paddingInline: 6 }}>
        <Avatar size={26} src={(user?.avatar_file as { url?: string } | null | undefined)?.url || undefined} icon={<UserOutlined />} />
        <span className="console-user-name" style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {name}
        </span>
      </Button>
    </Dropdown>
  );
}

export default function Frame({ frame, pathname, children }: { frame: FrameKind; pathname: string; children: ReactNode }) {
  const t = useT();
  const { token } = antdTheme.useToken();
  const screens = Grid.useBreakpoint();
  const wide = screens.md !== false; // md = 768px, the spec's wide-screen threshold
  const [collapsed, setCollapsed] = useState(!wide);
  const menu = useModel('menu');
  const { initialState } = useModel('@@initialState') as { initialState?: InitialState };
  const uid = initialState?.currentUser?._id ?? currentPayload()?.uid ?? '';
  const showMenu = frame === 'full';

  useEffect(() => setCollapsed(!wide), [wide]);

  // the menus are the signed-in user's: load them for each new user
  useEffect(() => {
    if (uid) void menu.refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uid]);

  // on a narrow screen the menu closes once a page is chosen, and on Escape
  useEffect(() => {
    if (!wide) setCollapsed(true);
  }, [pathname, wide]);
  useEffect(() => {
    if (wide || collapsed) return undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setCollapsed(true);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [wide, collapsed]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a href="#console-main" className="console-skip-link" onClick={(e) => (e.preventDefault(), document.getElementById('console-main')?.focus())}>
        {t('nav.skipToContent')}
      </a>
      <Header
        style={{
          height: SPEC.TOP_BAR_HEIGHT_PX,
          lineHeight: `${SPEC.TOP_BAR_HEIGHT_PX}px`,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          position: 'sticky',
          top: 0,
          zIndex: 20,
        }}
      >
        {showMenu ? (
          // on a narrow (touch) screen a tooltip would stay over the page after a tap
          <Tooltip title={wide ? (collapsed ? t('nav.openMenu') : t('nav.closeMenu')) : null}>
            <Button
              type="text"
              aria-label={collapsed ? t('nav.openMenu') : t('nav.closeMenu')}
              aria-expanded={!collapsed}
              aria-controls="console-side-menu"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed((c) => !c)}
            />
          </Tooltip>
        ) : null}
        <Tooltip title={wide ? t('nav.back') : null}>
          <Button type="text" aria-label={t('nav.back')} icon={<ArrowLeftOutlined />} onClick={goBack} />
        </Tooltip>
        <Link to="/" style={{ color: token.colorPrimary, fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap' }}>
          {t('app.name')}
        </Link>
        <div style={{ flex: '1 1 auto', minWidth: 0, display: 'flex', justifyContent: 'center', paddingInline: 12 }}>
          <TopSearch wide={wide} />
        </div>
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <ErrorLogButton />
          <MessageBell tooltip={wide} />
          {wide ? <ScoreBadge /> : null}
          {wide || !showMenu ? (
            <>
              <LangSwitch />
              <ThemeSwitch />
            </>
          ) : null}
          <UserMenu />
        </Flex>
      </Header>
      <Layout hasSider={showMenu}>
        {showMenu ? (
          <Sider
            id="console-side-menu"
            width={SPEC.LEFT_MENU_WIDTH_PX}
            collapsedWidth={0}
            collapsed={collapsed}
            trigger={null}
            theme="light"
            style={{
              borderRight: collapsed ? undefined : `1px solid ${token.colorBorderSecondary}`,
              // on a narrow screen the open menu lies over the page instead of squeezing it
              position: wide ? 'sticky' : 'fixed',
              left: 0,
              top: SPEC.TOP_BAR_HEIGHT_PX,
              height: `calc(100vh - ${SPEC.TOP_BAR_HEIGHT_PX}px)`,
              overflow: 'auto',
              zIndex: wide ? undefined : 30,
            }}
          >
            {!wide && !collapsed ? (
              <Flex gap={8} wrap="wrap" style={{ padding: 12 }}>
                <LangSwitch />
                <ThemeSwitch />
              </Flex>
            ) : null}
            {/* a folded Sider turns its menu's open folders into popups over the page: a folded
                menu is not rendered at all */}
            {collapsed ? null : <SideMenu pathname={pathname} />}
          </Sider>
        ) : null}
        {showMenu && !wide && !collapsed ? (
          <div
            aria-hidden
            onClick={() => setCollapsed(true)}
            style={{ position: 'fixed', inset: `${SPEC.TOP_BAR_HEIGHT_PX}px 0 0 0`, background: token.colorBgMask, zIndex: 25 }}
          />
        ) : null}
        <Content id="console-main" tabIndex={-1} style={{ padding: wide ? 24 : 12, minWidth: 0, outline: 'none' }}>
          <PageErrorBoundary resetKey={pathname}>{children}</PageErrorBoundary>
        </Content>
      </Layout>
    </Layout>
  );
}
