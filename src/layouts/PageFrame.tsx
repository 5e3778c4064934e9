/**
 * The page header every framed page gets, built once here in the manner of Ant Design Pro's
 * PageContainer: the breadcrumb (src/layouts/breadcrumb.ts), the page's title (its route's, or
 * the page's own <PageTitle>) and the page's actions (<PageExtra>, src/layouts/page-header.tsx),
 * then the page. It publishes where the page's body starts (--console-page-body-top) so that a
 * page filling the screen (.console-page-fill: the chat) knows its height.
 */
import { Link, useIntl, useModel } from '@umijs/max';
import { Breadcrumb, theme as antdTheme } from 'antd';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useT } from '../shared/i18n';
import { menuLabel } from '../shared/menu';
import { matchConsoleRoute } from '../shared/routes';
import { breadcrumbOf } from './breadcrumb';
import { PageHeaderContext, type PageHeaderSlots } from './page-header';

export default function PageFrame({ pathname, children }: { pathname: string; children: ReactNode }) {
  const t = useT();
  const intl = useIntl();
  const { token } = antdTheme.useToken();
  const { sideMenu } = useModel('menu');
  const [extra, setExtra] = useState<HTMLElement | null>(null);
  const [title, setTitle] = useState<HTMLElement | null>(null);
  const [ownTitles, setOwnTitles] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);

  const claimTitle = useCallback(() => {
    setOwnTitles((n) => n + 1);
    return () => setOwnTitles((n) => n - 1);
  }, []);
  const slots = useMemo<PageHeaderSlots>(() => ({ extra, title, claimTitle }), [extra, title, claimTitle]);

  const crumbs = useMemo(
    () =>
      breadcrumbOf(
        pathname,
        sideMenu,
        (name) => menuLabel(name, intl.messages as Record<string, unknown>, (id) => intl.formatMessage({ id })),
        (key) => intl.formatMessage({ id: key }),
      ),
    [pathname, sideMenu, intl],
  );
  const route = matchConsoleRoute(pathname);
  const routeTitle = route?.title ? t(route.title) : '';

  // where the body starts, for pages that fill the rest of the screen
  useLayoutEffect(() => {
    const el = root.current;
    const start = body.current;
    if (!el || !start) return undefined;
    const publish = () => el.style.setProperty('--console-page-body-top', `${Math.round(start.getBoundingClientRect().top + window.scrollY)}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(el.firstElementChild as Element);
    window.addEventListener('resize', publish);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', publish);
    };
  }, []);

  return (
    <div ref={root} className="console-page">
      <header className="console-page-header" data-testid="page-header">
        <Breadcrumb
          className="console-breadcrumb"
          aria-label={t('nav.breadcrumb')}
          items={crumbs.map((c, i) => ({
            key: c.key,
            title:
              c.path && i < crumbs.length - 1 ? (
                <Link to={c.path} title={c.text}>
                  {c.text}
                </Link>
              ) : (
                <span title={c.text} aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
                  {c.text}
                </span>
              ),
          }))}
        />
        <div className="console-page-heading">
          <h1 className="console-page-title" style={{ color: token.colorTextHeading }}>
            {/* keyed by page: a page still shown while the next one loads keeps its title in a node that has left */}
            <span key={pathname} ref={setTitle} className="console-page-own-title" />
            {ownTitles > 0 ? null : routeTitle}
          </h1>
          <div key={pathname} ref={setExtra} className="console-page-extra" data-testid="page-extra" />
        </div>
      </header>
      <div ref={body} className="console-page-body">
        <PageHeaderContext.Provider value={slots}>{children}</PageHeaderContext.Provider>
      </div>
    </div>
  );
}
