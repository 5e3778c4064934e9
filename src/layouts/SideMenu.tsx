/**
 * The left menu (translated when a name is a key). Every entry is a link, so it opens in a new
 * tab like any link (middle or Ctrl+click, the context menu); a plain click stays in the app;
 * http URLs open in a new window. An add, edit or detail page keeps its list highlighted and its
 * group open; opening a page closes the other groups and scrolls its entry into view.
 */
import { ExportOutlined } from '@ant-design/icons';
import { history, useIntl, useLocation, useModel } from '@umijs/max';
import { Alert, Button, ConfigProvider, Menu, Skeleton, type MenuProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../shared/i18n';
import { MenuIcon } from '../shared/icons';
import { usePreloadRoute } from './preload-route';
import { findMenu, isExternalUrl, menuLabel, menuTrailOf, type MenuNode } from '../shared/menu';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[], label: (name: string) => string, preload: (path: string) => void, depth = 0): Item[] {
  return nodes.map((n) => {
    const folder = !n.url;
    const text = label(n.name);
    const icon = depth === 0 ? <MenuIcon name={n.icon} folder={folder} /> : undefined;
    if (folder)
      return {
        key: n.menu_id,
        icon,
        label: text,
        children: toItems(n.children ?? [], label, preload, depth + 1),
      };
    const url = n.url as string;
    return {
      key: n.menu_id,
      icon,
      label: isExternalUrl(url) ? (
        // the browser opens it; the menu's own click must not open it a second time
        <a href={url} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
          {text} <ExportOutlined aria-hidden style={{ fontSize: 11, opacity: 0.6 }} />
        </a>
      ) : (
        <a
          href={`#${url}`}
          // the page's scripts start loading when the pointer or the focus reaches its entry
          onMouseEnter={() => preload(url)}
          onFocus={() => preload(url)}
          onClick={(e) => {
            // a new tab or window is the browser's; a plain click is the menu's (history.push)
            if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) e.stopPropagation();
            else e.preventDefault();
          }}
        >
          {text}
        </a>
      ),
      title: text,
    };
  });
}

export default function SideMenu({ pathname }: { pathname: string }) {
  const t = useT();
  const intl = useIntl();
  const { search } = useLocation();
  const { sideMenu, inited, loading, error, refresh } = useModel('menu');
  const label = (name: string) => menuLabel(name, intl.messages as Record<string, unknown>, (id) => intl.formatMessage({ id }));
  const preload = usePreloadRoute();
  const items = useMemo(() => toItems(sideMenu, label, preload), [sideMenu, intl, preload]); // eslint-disable-line react-hooks/exhaustive-deps
  const trail = useMemo(() => menuTrailOf(sideMenu, pathname, search), [sideMenu, pathname, search]);
  const [openKeys, setOpenKeys] = useState<string[]>(trail.slice(0, -1));

  // a new page opens the folders above it and closes the others (as Ant Design Pro does), so the
  // section the user is in is the one they see; a page outside the menu leaves the menu as it is
  useEffect(() => {
    const parents = trail.slice(0, -1);
    if (parents.length) setOpenKeys(parents);
  }, [trail]);

  // the current entry scrolled into view once its folder has opened (a long tree hides it)
  const nav = useRef<HTMLElement>(null);
  const selected = trail[trail.length - 1];
  useEffect(() => {
    if (!selected) return;
    const timer = window.setTimeout(() => {
      const item = nav.current?.querySelector('.ant-menu-item-selected');
      if (item && 'scrollIntoView' in item) item.scrollIntoView({ block: 'nearest' });
    }, 300); // after the folder's open motion (antd's is 0.2-0.3 s)
    return () => window.clearTimeout(timer);
  }, [selected, items]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const node = findMenu(sideMenu, String(key));
    if (!node?.url) return;
    if (isExternalUrl(node.url)) window.open(node.url, '_blank', 'noopener,noreferrer');
    else if (node.url !== `${pathname}${search}`) history.push(node.url);
  };

  return (
    // the menu scrolls itself with a thin bar, so an open tree taller than the screen does not
    // take a wide scrollbar's room from the 240 px of labels
    <nav ref={nav} aria-label={t('nav.mainMenu')} style={{ height: '100%', overflowY: 'auto', scrollbarWidth: 'thin' }}>
      {loading && !inited ? <Skeleton active title={false} paragraph={{ rows: 3 }} style={{ padding: '12px 24px' }} /> : null}
      {error ? (
        <Alert
          type="warning"
          showIcon
          style={{ margin: 12 }}
          message={t('menu.loadFailed')}
          action={
            <Button size="small" onClick={() => void refresh()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : null}
      <ConfigProvider theme={{ components: { Menu: { itemMarginInline: 0 } } }}>
        <Menu
          mode="inline"
          // antd's 24 px a level left "System management" a few pixels short of 240 px
          inlineIndent={16}
          items={items}
          selectedKeys={trail.length ? [trail[trail.length - 1]] : []}
          openKeys={openKeys}
          onOpenChange={(keys) => setOpenKeys(keys as string[])}
          onClick={onClick}
          style={{ borderInlineEnd: 'none' }}
        />
      </ConfigProvider>
    </nav>
  );
}
