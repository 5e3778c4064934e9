/**
 * Layout demo (/pages/demo/layout/layout): the frame options a route declares in
 * config/routes.ts (full, topOnly, none), each drawn and with the pages that use it (read from
 * the route list); a live PageContainer page header; and the antd grid (Row/Col spans per
 * breakpoint) with the breakpoints active right now.
 */
import '../messages';
import { PageContainer } from '@ant-design/pro-components';
import { Link, useLocation } from '@umijs/max';
import { Button, Card, Col, Descriptions, Flex, Grid, Row, Space, Tag, Typography, theme as antdTheme } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { routes, type Frame } from '../../../../config/routes';
import { useCan } from '../../../components/admin/access';
import { useT } from '../../../shared/i18n';
import { frameOf, matchConsoleRoute } from '../../../shared/routes';

const FRAMES: Frame[] = ['full', 'topOnly', 'none'];
const BREAKPOINTS = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
/** how many pages of a frame are linked (the rest are counted) */
const LINKS = 8;

/** a small drawing of a frame: top bar, left menu, content */
function FrameSketch({ frame }: { frame: Frame }) {
  const { token } = antdTheme.useToken();
  const box: CSSProperties = { borderRadius: 3, background: token.colorFillSecondary };
  return (
    <div
      aria-hidden
      style={{
        display: 'grid',
        gridTemplateRows: frame === 'none' ? '1fr' : '14px 1fr',
        gap: 4,
        height: 96,
        padding: 6,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        background: token.colorBgLayout,
      }}
    >
      {frame !== 'none' ? <div style={{ ...box, background: token.colorPrimaryBg }} /> : null}
      <div style={{ display: 'grid', gridTemplateColumns: frame === 'full' ? '30% 1fr' : '1fr', gap: 4 }}>
        {frame === 'full' ? <div style={{ ...box, background: token.colorPrimaryBgHover }} /> : null}
        <div style={{ ...box, background: token.colorBgContainer, border: `1px dashed ${token.colorBorder}` }} />
      </div>
    </div>
  );
}

function Frames() {
  const t = useT();
  const can = useCan();
  const { pathname } = useLocation();
  const here = frameOf(matchConsoleRoute(pathname));
  const byFrame = useMemo(() => {
    const open = routes.filter((r) => r.path !== '/*' && r.path !== '/' && r.title && (!r.access || can(r.access)));
    return Object.fromEntries(FRAMES.map((f) => [f, open.filter((r) => frameOf(r) === f)])) as Record<Frame, typeof open>;
  }, [can]);
  return (
    <Card title={t('demo.layout.frames')}>
      <Typography.Paragraph type="secondary">{t('demo.layout.framesHint')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {FRAMES.map((f) => (
          <Col key={f} xs={24} md={8}>
            <Card
              size="small"
              data-testid={`frame-${f}`}
              title={
                <Space>
                  <Typography.Text code>{`frame: '${f}'`}</Typography.Text>
                  {f === here ? <Tag color="processing">{t('demo.layout.thisPage')}</Tag> : null}
                </Space>
              }
            >
              <FrameSketch frame={f} />
              <Typography.Paragraph style={{ margin: '12px 0 8px' }}>{t(`demo.layout.frame.${f}`)}</Typography.Paragraph>
              <Typography.Text type="secondary">{t('demo.layout.usedBy', { count: byFrame[f].length })}</Typography.Text>
              <ul style={{ paddingInlineStart: 20, margin: '4px 0 0' }}>
                {byFrame[f].slice(0, LINKS).map((r) => (
                  <li key={r.path}>
                    <Link to={r.path}>{t(r.title!)}</Link>
                  </li>
                ))}
                {byFrame[f].length > LINKS ? <li>{t('demo.layout.more', { count: byFrame[f].length - LINKS })}</li> : null}
              </ul>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

function PageHeaderDemo() {
  const t = useT();
  const { token } = antdTheme.useToken();
  return (
    <Card title={t('demo.layout.pageHeader')}>
      <Typography.Paragraph type="secondary">{t('demo.layout.pageHeaderHint')}</Typography.Paragraph>
      <div
        style={{ border: `1px dashed ${token.colorBorder}`, borderRadius: token.borderRadius, background: token.colorBgLayout }}
        data-testid="page-container"
      >
        <PageContainer
          header={{
            title: t('demo.layout.sampleTitle'),
            breadcrumb: { items: [{ title: t('menu.demo') }, { title: t('route.demo.layout') }] },
          }}
          content={t('demo.layout.sampleContent')}
          extra={[
            <Button key="secondary">{t('demo.layout.secondary')}</Button>,
            <Button key="primary" type="primary">
              {t('demo.layout.primary')}
            </Button>,
          ]}
          tabList={[
            { key: 'one', tab: t('demo.layout.tabOne') },
            { key: 'two', tab: t('demo.layout.tabTwo') },
          ]}
        >
          <Card size="small">{t('demo.layout.sampleBody')}</Card>
        </PageContainer>
      </div>
    </Card>
  );
}

/** each cell names its spans; the active breakpoints show which span applies now */
const CELLS: Array<Partial<Record<(typeof BREAKPOINTS)[number], number>>> = [
  { xs: 24, sm: 12, md: 8, lg: 6 },
  { xs: 24, sm: 12, md: 8, lg: 6 },
  { xs: 24, sm: 12, md: 8, lg: 6 },
  { xs: 24, sm: 12, md: 24, lg: 6 },
  { xs: 24, md: 16 },
  { xs: 24, md: 8 },
];

function GridDemo() {
  const t = useT();
  const { token } = antdTheme.useToken();
  const screens = Grid.useBreakpoint();
  const active = BREAKPOINTS.filter((b) => screens[b]);
  return (
    <Card title={t('demo.layout.grid')}>
      <Typography.Paragraph type="secondary">{t('demo.layout.gridHint')}</Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 12 }}
        items={[
          {
            key: 'breakpoints',
            label: t('demo.layout.breakpoints'),
            children: (
              <Space wrap data-testid="breakpoints">
                {BREAKPOINTS.map((b) => (
                  <Tag key={b} color={screens[b] ? 'processing' : undefined}>
                    {b}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <Row gutter={[12, 12]} data-testid="grid-demo">
        {CELLS.map((spans, i) => {
          // the span of the widest active breakpoint that names one
          const now = [...active].reverse().find((b) => spans[b] !== undefined);
          return (
            <Col key={i} {...spans}>
              <div
                style={{
                  padding: '12px 8px',
                  textAlign: 'center',
                  borderRadius: token.borderRadius,
                  background: i % 2 ? token.colorPrimaryBg : token.colorPrimaryBgHover,
                  color: token.colorText,
                }}
              >
                <Typography.Text code>
                  {Object.entries(spans)
                    .map(([b, n]) => `${b}=${n}`)
                    .join(' ')}
                </Typography.Text>
                <div style={{ fontSize: token.fontSizeSM, color: token.colorText }}>
                  {now ? t('demo.layout.spanNow', { span: spans[now]!, breakpoint: now }) : null}
                </div>
              </div>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}

export default function LayoutDemo() {
  const t = useT();
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('demo.layout.intro')}
        </Typography.Paragraph>
      </div>
      <Frames />
      <PageHeaderDemo />
      <GridDemo />
    </Flex>
  );
}
