/**
 * Pay overview (uni-stat): today's figures so far against the same hours of yesterday, the amounts
 * table by period (today ... all time and the selected dates: GMV, paid, refunded, net, orders,
 * paying users and devices), money and orders by day over the selected dates (today marked as not
 * over), and the paid money by payment method, platform, channel and version. The console app's
 * orders are its own top-ups; any other app's are the payments it reported.
 */
import '../../../../components/stat/pay/i18n';
import { useRequest } from 'ahooks';
import { Col, Flex, Progress, Row, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import FilterBar from '../../../../components/stat/FilterBar';
import { statClock, useStatFilter } from '../../../../components/stat/filter';
import { platformName } from '../../../../components/stat/i18n';
import KeyFigures from '../../../../components/stat/KeyFigures';
import { DayColumns, DayLines } from '../../../../components/stat/pay/charts';
import StatPanel from '../../../../components/stat/StatPanel';
import { yuan } from '../../../../components/pay/labels';
import { getPayOverview, type PayOverview, type PayPeriodRow } from '../../../../services/stat-pay';
import { useT, type Translate } from '../../../../shared/i18n';

const share = (part: number, whole: number) => (whole ? Math.round((part * 1000) / whole) / 10 : 0);

function periodColumns(t: Translate, app: boolean): ColumnsType<PayPeriodRow> {
  const money = (key: keyof PayPeriodRow, title: string) => ({ key, title, dataIndex: key, align: 'right' as const, render: (v: number) => yuan(v) });
  const count = (key: keyof PayPeriodRow, title: string) => ({
    key,
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (v: number | null) => (v ?? 0).toLocaleString(),
  });
  return [
    { key: 'period', title: t('statPay.overview.period'), dataIndex: 'period', render: (p: string) => t(`statPay.period.${p}`) },
    money('created_cents', t('statPay.metric.created')),
    count('created_orders', t('statPay.metric.createdOrders')),
    money('paid_cents', t('statPay.metric.paid')),
    count('paid_orders', t('statPay.metric.paidOrders')),
    money('refunded_cents', t('statPay.metric.refunded')),
    money('net_cents', t('statPay.metric.net')),
    count('paying_users', t('statPay.metric.payingUsers')),
    ...(app ? [count('paying_devices', t('statPay.metric.payingDevices'))] : []),
  ];
}

/** a split's rows with their share of the paid money as a bar */
function SplitTable<R extends { paid_cents: number; paid_orders: number }>({
  rows,
  nameTitle,
  nameOf,
  rowKey,
  t,
}: {
  rows: R[];
  nameTitle: string;
  nameOf: (r: R) => string;
  rowKey: (r: R) => string;
  t: Translate;
}) {
  const total = rows.reduce((s, r) => s + r.paid_cents, 0);
  return (
    <Table<R>
      size="small"
      pagination={false}
      rowKey={rowKey}
      dataSource={rows}
      columns={[
        { key: 'name', title: nameTitle, render: (_, r) => nameOf(r) },
        { key: 'paid', title: t('statPay.metric.paid'), align: 'right', render: (_, r) => yuan(r.paid_cents) },
        { key: 'orders', title: t('statPay.metric.paidOrders'), align: 'right', render: (_, r) => r.paid_orders.toLocaleString() },
        { key: 'share', title: t('statPay.overview.share'), width: 160, render: (_, r) => <Progress percent={share(r.paid_cents, total)} size="small" /> },
      ]}
    />
  );
}

export default function PayOverviewPage() {
  const t = useT();
  const filter = useStatFilter(7);
  const { query } = filter;
  const report = useRequest(() => (query ? getPayOverview(query, { skipErrorHandler: true }) : Promise.resolve(undefined)), {
    refreshDeps: [JSON.stringify(query)],
    onError: () => undefined,
  });
  const data: PayOverview | undefined = report.data;
  const byPeriod = useMemo(() => Object.fromEntries((data?.periods ?? []).map((p) => [p.period, p])), [data]);
  const range = byPeriod.range;
  const rangeEmpty = !!range && range.created_orders === 0 && range.paid_orders === 0 && range.refunded_cents === 0;
  const loading = report.loading || !query;
  const panel = { loading, error: report.error, onRetry: report.refresh };

  const today = byPeriod.today;
  // today is not over: it compares with yesterday up to the same time of day
  const yesterday = byPeriod.yesterday_same_hours;
  const app = data?.source === 'app';
  const asOf = data ? statClock(data.as_of, filter.tz) : '';
  const figure = (key: 'paid_cents' | 'refunded_cents' | 'net_cents' | 'created_cents' | 'paid_orders' | 'paying_users', metric: string, money: boolean) => ({
    key,
    label: t('statPay.metric.today', { metric: t(metric) }),
    value: today?.[key] ?? 0,
    previous: yesterday?.[key] ?? null,
    format: money ? yuan : undefined,
  });
  const trendRows = useMemo(
    () =>
      (data?.trend ?? []).map((d) => ({
        day: d.day,
        paid: d.paid_cents / 100,
        refunded: d.refunded_cents / 100,
        net: d.net_cents / 100,
        orders: d.orders,
        paid_orders: d.paid_orders,
      })),
    [data],
  );
  const moneySeries = useMemo(
    () => [
      { key: 'paid', name: t('statPay.metric.paid') },
      { key: 'refunded', name: t('statPay.metric.refunded') },
      { key: 'net', name: t('statPay.metric.net') },
    ],
    [t],
  );

  return (
    <Flex vertical gap={16}>
      <FilterBar state={filter} />
      {/* an empty note would still take a gap of the column */}
      {data ? (
        <Typography.Text type="secondary" data-testid="pay-scope">
          {data.source === 'app' ? t('statPay.overview.scope.app') : t('statPay.overview.scope.console')}
        </Typography.Text>
      ) : null}
      <KeyFigures
        loading={loading}
        figures={[
          figure('paid_cents', 'statPay.metric.paid', true),
          figure('refunded_cents', 'statPay.metric.refunded', true),
          figure('net_cents', 'statPay.metric.net', true),
          figure('created_cents', 'statPay.metric.created', true),
          figure('paid_orders', 'statPay.metric.paidOrders', false),
          figure('paying_users', 'statPay.metric.payingUsers', false),
        ]}
      />
      {data ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="pay-compare-note">
          {t('stat.partialDay.compare', { time: asOf })}
        </Typography.Text>
      ) : null}
      <StatPanel title={t('statPay.overview.periods')} testId="pay-periods" {...panel}>
        <Table<PayPeriodRow>
          size="small"
          pagination={false}
          rowKey="period"
          dataSource={data?.periods ?? []}
          columns={periodColumns(t, app)}
          scroll={{ x: 900 }}
        />
      </StatPanel>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <StatPanel title={t('statPay.overview.trend')} testId="pay-trend" empty={rangeEmpty} {...panel}>
            <DayLines
              rows={trendRows}
              series={moneySeries}
              label={t('statPay.overview.trend')}
              testId="chart-pay-money"
              format={(v) => `¥${v}`}
              partialDay={filter.partialDay}
            />
          </StatPanel>
        </Col>
        <Col xs={24} xl={10}>
          <StatPanel title={t('statPay.overview.ordersTrend')} testId="pay-orders-trend" empty={rangeEmpty} {...panel}>
            <DayColumns rows={trendRows} field="orders" name={t('statPay.metric.createdOrders')} testId="chart-pay-orders" partialDay={filter.partialDay} />
          </StatPanel>
        </Col>
        {app ? null : (
          <Col xs={24} xl={12}>
            <StatPanel title={t('statPay.overview.byMethod')} testId="pay-by-method" empty={!data?.by_method.length} {...panel}>
              <SplitTable
                t={t}
                rows={data?.by_method ?? []}
                rowKey={(r) => `${r.provider}:${r.method}`}
                nameTitle={t('statPay.overview.method')}
                nameOf={(r) => t(`pay.method.${r.method}`)}
              />
            </StatPanel>
          </Col>
        )}
        <Col xs={24} xl={12}>
          <StatPanel title={t('statPay.overview.byPlatform')} testId="pay-by-platform" empty={!data?.by_platform.length} {...panel}>
            <SplitTable
              t={t}
              rows={data?.by_platform ?? []}
              rowKey={(r) => r.platform}
              nameTitle={t('statPay.overview.platform')}
              nameOf={(r) => platformName(r.platform, t)}
            />
          </StatPanel>
        </Col>
        <Col xs={24} xl={12}>
          <StatPanel title={t('statPay.overview.byChannel')} testId="pay-by-channel" empty={!data?.by_channel.length} {...panel}>
            <SplitTable
              t={t}
              rows={data?.by_channel ?? []}
              rowKey={(r) => r.channel}
              nameTitle={t('statPay.overview.channel')}
              nameOf={(r) => r.channel || t('statPay.funnel.noChannel')}
            />
          </StatPanel>
        </Col>
        {app ? (
          <Col xs={24} xl={12}>
            <StatPanel title={t('statPay.overview.byVersion')} testId="pay-by-version" empty={!data?.by_version.length} {...panel}>
              <SplitTable t={t} rows={data?.by_version ?? []} rowKey={(r) => r.version} nameTitle={t('statPay.overview.version')} nameOf={(r) => r.version} />
            </StatPanel>
          </Col>
        ) : null}
      </Row>
    </Flex>
  );
}
