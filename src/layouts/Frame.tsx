/**
 * Top bar (48px: menu toggle, back, app name, a free middle, error log, messages, balance,
 * language, theme, user) and left menu (240px), then the page under its page header
 * (PageFrame). Below the wide-screen threshold (768px) the left menu folds away behind the
 * toggle and opens as a drawer over the page, and the language and theme choices move into the
 * user menu, so the top bar fits a 390 px screen. The left menu keeps its place (a placeholder)
 * until the user's menus have arrived, so it does not jump when they do.
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
import { Avatar, Button, Dropdown, Grid, Layout, Skeleton, Tooltip, theme as antdTheme, type MenuProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import type { Frame as FrameKind } from '../../config/routes';
import ErrorLogButton from '../components/ErrorLog';
import LangSwitch, { useLanguageItems } from '../components/LangSwitch';
import MessageBell from '../components/messages/MessageBell';
import ScoreBadge from '../components/ScoreBadge';
import PageErrorBoundary from '../components/PageErrorBoundary';
import ThemeSwitch, { useThemeItems } from '../components/ThemeSwitch';
import { markFrameDrawn } from '../loading';
import { signOut } from '../services/auth';
import { CHANGE_PWD, DEACTIVATE, USERINFO } from '../uni_modules/uni-id-pages/common/paths';
import type { InitialState } from '../shared/app-state';
import { useT } from '../shared/i18n';
import { stackDepth } from '../shared/nav-stack';
import { currentPayload } from '../shared/session';
import { SPEC } from '../shared/spec';
import SideMenu from './SideMenu';
import TopSearch from './TopSearch';
import PageFrame from './PageFrame';
import './frame.css';

const { Header, Sider, Content } = Layout;

/** spec: the back button goes to '/' when only one page is in the stack */
export function goBack() {
  if (stackDepth() <= 1) history.push('/');
  else history.back();
}

/** `choices`: the language and theme choices are in this menu (a narrow screen) */
function UserMenu({ choices }: { choices: boolean }) {
  const t = useT();
  const { initialState } = useModel('@@initialState') as { initialState?: InitialState };
  const languages = useLanguageItems();
  const themes = useThemeItems();
  const user = initialState?.currentUser;
  const name = user?.nickname || user?.username || user?.mobile || user?.email || t('nav.user');
  const items: MenuProps['items'] = [
    { key: 'name', label: name, disabled: true, icon: <UserOutlined /> },
    { type: 'divider' },
    ...(choices
      ? ([
          { key: 'languages', type: 'group', label: t('nav.language'), children: languages.items },
          { key: 'themes', type: 'group', label: t('nav.theme'), children: themes.items },
          { type: 'divider' },
        ] as MenuProps['items'] & object[])
      : []),
    { key: USERINFO, label: t('nav.userinfo'), icon: <ProfileOutlined /> },
    { key: CHANGE_PWD, label: t('nav.changePwd'), icon: <KeyOutlined /> },
    { key: DEACTIVATE, label: t('nav.deactivate'), icon: <UserDeleteOutlined /> },
    { type: 'divider' },
    { key: 'logout', label: t('nav.logout'), icon: <LogoutOutlined /> },
  ];
  // held here, so that a choice closes the menu even while a new language or theme redraws the frame
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items,
        selectable: choices,
        selectedKeys: choices ? [languages.selected, themes.selected] : [],
        onClick: ({ key }) => {
          setOpen(false);
          if (languages.onClick(key) || themes.onClick(key)) return;
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

/** the left menu's place while the user's menus are on their way */
function MenuPlaceholder() {
  return (
    <div aria-hidden style={{ padding: '12px 24px' }} data-testid="menu-placeholder">
      <Skeleton active title={false} paragraph={{ rows: 10, width: '100%' }} />
    </div>
  );
}

/**
 * Once the first page is drawn and the browser is idle, the list kit (ProTable and the shared list
 * blocks, most of what any list page loads) is fetched, so opening a list later asks for only its
 * own few scripts instead of about 19 in several rounds.
 */
function preloadListKit() {
  // data-list-kit="ready" on <html> says it is there (the browser tests wait for it)
  const load = () =>
    void import('../components/admin/ResourceList').then(
      () => document.documentElement.setAttribute('data-list-kit', 'ready'),
      () => undefined,
    );
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(load, 2000);
    return () => window.clearTimeout(timer);
  }
  const id = window.requestIdleCallback(load, { timeout: 5000 });
  return () => window.cancelIdleCallback(id);
}

function wideNow() {
  return typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 768px)').matches;
}

export default function Frame({ frame, pathname, children }: { frame: FrameKind; pathname: string; children: ReactNode }) {
  const t = useT();
  const { token } = antdTheme.useToken();
  const screens = Grid.useBreakpoint();
  // md = 768px, the spec's wide-screen threshold; antd reports it only after the first render, which
  // would draw (and animate away) an open menu over a narrow screen on every load
  const wide = screens.md ?? wideNow();
  const [collapsed, setCollapsed] = useState(!wide);
  const menu = useModel('menu');
  const { initialState } = useModel('@@initialState') as { initialState?: InitialState };
  const uid = initialState?.currentUser?._id ?? currentPayload()?.uid ?? '';
  const showMenu = frame === 'full';

  useEffect(() => setCollapsed(!wide), [wide]);
  useEffect(markFrameDrawn, []);
  useEffect(preloadListKit, []);

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
        className="console-top-bar"
        style={{
          height: SPEC.TOP_BAR_HEIGHT_PX,
          lineHeight: `${SPEC.TOP_BAR_HEIGHT_PX}px`,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          paddingInline: wide ? 16 : 8,
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
        <Link to="/" className="console-app-name" style={{ color: token.colorPrimary }}>
          {t('app.name')}
        </Link>
        <div className="console-top-slot">
          <TopSearch wide={wide} />
        </div>
        <div className="console-top-actions">
          <ErrorLogButton />
          <MessageBell tooltip={wide} />
          {wide ? (
            <>
              <ScoreBadge />
              <LangSwitch />
              <ThemeSwitch />
            </>
          ) : null}
          <UserMenu choices={!wide} />
        </div>
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
            {/* a folded Sider turns its menu's open folders into popups over the page: a folded
                menu is not rendered at all */}
            {collapsed ? null : menu.inited || menu.error ? <SideMenu pathname={pathname} /> : <MenuPlaceholder />}
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
          <PageFrame pathname={pathname}>
            <PageErrorBoundary resetKey={pathname}>{children}</PageErrorBoundary>
          </PageFrame>
        </Content>
      </Layout>
    </Layout>
  );
}
