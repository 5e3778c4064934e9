/**
 * Console home ('console home'): the signed-in user's credits balance (score), today's AI
 * spending against their daily limit, their credit history (a drawer), and shortcuts to their
 * areas, and the tasks due today. Data: GET /api/dashboard/home, GET /api/credits/me and GET /api/todos/due.
 */
import {
  DashboardOutlined,
  HistoryOutlined,
  FileTextOutlined,
  MessageOutlined,
  PayCircleOutlined,
  ReadOutlined,
  SettingOutlined,
  ShopOutlined,
  TransactionOutlined,
} from '@ant-design/icons';
import { Link, useIntl, useModel } from '@umijs/max';
import { Button, Card, Col, Drawer, Flex, Row, Skeleton, Space, Statistic, Typography, theme as antdTheme } from 'antd';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { hasRole } from '../../access';
import LoadFailure from '../../components/LoadFailure';
import { PageTitle } from '../../layouts/page-header';
import '../../components/credits/i18n';
import { getHomeData } from '../../services/api';
import { getCreditSummary } from '../../services/credits';
import { requestErrorOf } from '../../services/request-layer';
import type { InitialState } from '../../shared/app-state';
import { useDayZone } from '../../shared/day-zone';
import { useT } from '../../shared/i18n';
import { readScore, saveScore } from '../../shared/session';
import { DATE_FORMAT } from '../../shared/format';
import DueTasks from './DueTasks';
import Welfare from './Welfare';
import UnreadCard from '../../components/messages/UnreadCard';

// the history's table block (pro-components) loads when the drawer first opens, not with the home page
const CreditHistory = lazy(() => import('../../components/credits/CreditHistory'));

interface Shortcut {
  key: string;
  to: string;
  icon: ReactNode;
  admin?: boolean;
}

const SHORTCUTS: Shortcut[] = [
  { key: 'home.shortcut.chat', to: '/pages/assistant/chat/chat', icon: <MessageOutlined /> },
  { key: 'home.shortcut.prompts', to: '/pages/assistant/prompts/prompts', icon: <FileTextOutlined /> },
  { key: 'home.shortcut.promptsStore', to: '/pages/assistant/prompts-store/prompts-store', icon: <ShopOutlined /> },
  { key: 'home.shortcut.recharge', to: '/pages/expense/recharge/recharge', icon: <PayCircleOutlined /> },
  { key: 'home.shortcut.withdraw', to: '/pages/expense/withdraw/list', icon: <TransactionOutlined /> },
  { key: 'home.shortcut.document', to: '/pages/assistant/document/document', icon: <ReadOutlined /> },
  { key: 'home.shortcut.adminHome', to: '/pages/admin-index/admin-index', icon: <DashboardOutlined />, admin: true },
  { key: 'home.shortcut.users', to: '/pages/system/user/list', icon: <SettingOutlined />, admin: true },
];

export default function ConsoleHome() {
  const t = useT();
  const intl = useIntl();
  const zone = useDayZone();
  const { token } = antdTheme.useToken();
  const { initialState } = useModel('@@initialState') as { initialState?: InitialState };
  const { data, loading, error, refresh } = useRequest(() => getHomeData({ skipErrorHandler: true }), {
    onSuccess: (d) => saveScore(d.score),
  });
  const summary = useRequest(() => getCreditSummary({ skipErrorHandler: true }), {
    onSuccess: (d) => saveScore(d.balance),
  });
  const [historyOpen, setHistoryOpen] = useState(false);
  const role = data?.role ?? initialState?.currentUser?.role ?? [];
  const isAdmin = hasRole({ role }, 'admin');
  const name = data?.nickname || data?.username || initialState?.currentUser?.nickname || initialState?.currentUser?.username || '';
  const score = summary.data?.balance ?? data?.score ?? readScore();
  const credit = summary.data;
  const failure = error ? requestErrorOf(error) : null;

  return (
    <Flex vertical gap={24} style={{ maxWidth: 1100 }}>
      {name ? <PageTitle>{t('home.greeting', { name })}</PageTitle> : null}
      {data?.lastLoginDate ? (
        <Typography.Text type="secondary">{t('home.lastLogin', { time: dayjs(data.lastLoginDate).format(DATE_FORMAT) })}</Typography.Text>
      ) : null}

      {failure && failure.kind !== 'login-expired' ? <LoadFailure title={t('home.loadFailed')} failure={failure} onRetry={refresh} /> : null}

      <Row gutter={[16, 16]}>
        <Col xs={24} md={10} lg={8}>
          <Card>
            {loading && !data ? (
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            ) : (
              <Statistic
                title={t('home.score')}
                value={score ?? '-'}
                valueStyle={{ color: token.colorPrimary }}
                suffix={score !== null && score !== undefined ? t('home.scoreUnit') : undefined}
              />
            )}
            {credit ? (
              <Flex vertical gap={2} style={{ marginTop: 8 }} data-testid="credit-today">
                {/* one message per case: each language puts its own colon and brackets around the amount (<b>) */}
                <Typography.Text type="secondary">
                  {intl.formatMessage(
                    { id: credit.daily_limit === null ? 'credits.card.spentToday' : 'credits.card.spentTodayOfLimit' },
                    {
                      zone: zone.label,
                      used: credit.today_used,
                      limit: credit.daily_limit ?? '',
                      b: (chunks: ReactNode[]) => <Typography.Text strong>{chunks}</Typography.Text>,
                    },
                  )}
                </Typography.Text>
                {credit.held > 0 ? <Typography.Text type="secondary">{t('credits.card.held', { held: credit.held })}</Typography.Text> : null}
              </Flex>
            ) : null}
            <Space size={16} wrap style={{ marginTop: 12 }}>
              <Button type="link" icon={<HistoryOutlined />} style={{ padding: 0 }} onClick={() => setHistoryOpen(true)}>
                {t('credits.history.link')}
              </Button>
              <Link to="/pages/expense/recharge/recharge">{t('home.recharge')}</Link>
            </Space>
          </Card>
        </Col>
        <Col xs={24} md={14} lg={16}>
          <Card title={t('home.shortcuts')}>
            <Row gutter={[12, 12]}>
              {SHORTCUTS.filter((s) => !s.admin || isAdmin).map((s) => (
                <Col key={s.key} xs={12} sm={8}>
                  <Link to={s.to} className="console-shortcut">
                    <span aria-hidden style={{ fontSize: 20, color: token.colorPrimary }}>
                      {s.icon}
                    </span>
                    <span>{t(s.key)}</span>
                  </Link>
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
        <Col xs={24} md={10} lg={8}>
          <DueTasks />
        </Col>
        <Welfare
          wrap={(card) => (
            <Col xs={24} md={14} lg={16}>
              {card}
            </Col>
          )}
          onClaimed={() => summary.refresh()}
        />
        <UnreadCard />
      </Row>

      <Drawer
        title={t('credits.history.title')}
        open={historyOpen}
        onClose={() => {
          setHistoryOpen(false);
          summary.refresh();
        }}
        width="min(1000px, 100vw)"
        destroyOnClose
      >
        <Suspense fallback={<Skeleton active />}>{historyOpen ? <CreditHistory /> : null}</Suspense>
      </Drawer>
    </Flex>
  );
}
