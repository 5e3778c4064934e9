/**
 * Pay conversion funnel (uni-stat): the orders created in the selected dates, paid and credited
 * (a funnel across the page, then by channel and by platform side by side with the rates), and
 * active devices -> active users -> paying users per day, week or month with the conversion
 * rates. An app other than the console reports its orders once paid: it has no order stages, only
 * the activity.
 */
import '../../../../components/stat/pay/i18n';
import { useRequest } from 'ahooks';
import { Alert, Col, Flex, Row, Segmented, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import FilterBar from '../../../../components/stat/FilterBar';
import { useStatFilter } from '../../../../components/stat/filter';
import { platformName } from '../../../../components/stat/i18n';
import { StageFunnel } from '../../../../components/stat/pay/charts';
import StatPanel from '../../../../components/stat/StatPanel';
import { getPayFunnel, type FunnelUnit, type PayActivity, type PayStage } from '../../../../services/stat-pay';
import { useT, type Translate } from '../../../../shared/i18n';

const UNITS: FunnelUnit[] = ['day', 'week', 'month'];
const pct = (v: number) => `${v}%`;

function stageColumns<R extends PayStage>(t: Translate, nameTitle: string, nameOf: (r: R) => string) {
  return [
    { key: 'name', title: nameTitle, render: (_: unknown, r: R) => nameOf(r) },
    { key: 'created', title: t('statPay.funnel.stage.created'), align: 'right' as const, render: (_: unknown, r: R) => r.created.toLocaleString() },
    { key: 'paid', title: t('statPay.funnel.stage.paid'), align: 'right' as const, render: (_: unknown, r: R) => r.paid.toLocaleString() },
    { key: 'credited', title: t('statPay.funnel.stage.credited'), align: 'right' as const, render: (_: unknown, r: R) => r.credited.toLocaleString() },
    { key: 'paid_rate', title: t('statPay.funnel.paidRate'), align: 'right' as const, render: (_: unknown, r: R) => pct(r.paid_rate) },
    { key: 'credited_rate', title: t('statPay.funnel.creditedRate'), align: 'right' as const, render: (_: unknown, r: R) => pct(r.credited_rate) },
  ];
}

export default function PayFunnelPage() {
  const t = useT();
  const filter = useStatFilter(30);
  const { query } = filter;
  const [unit, setUnit] = useState<FunnelUnit>('day');
  const report = useRequest(() => (query ? getPayFunnel(query, unit, { skipErrorHandler: true }) : Promise.resolve(undefined)), {
    refreshDeps: [JSON.stringify(query), unit],
    onError: () => undefined,
  });
  const data = report.data;
  const total = data?.stages?.total;
  const panel = { loading: report.loading || !query, error: report.error, onRetry: report.refresh };
  const stages = useMemo(
    () => (total ? (['created', 'paid', 'credited'] as const).map((k) => ({ stage: t(`statPay.funnel.stage.${k}`), value: total[k] })) : []),
    [total, t],
  );
  const activityEmpty = !data?.activity.some((a) => a.active_devices || a.active_users || a.paying_users);

  return (
    <Flex vertical gap={16}>
      <FilterBar state={filter} />
      {data && !data.stages ? <Alert type="info" showIcon message={t('statPay.funnel.appStages')} data-testid="pay-funnel-app" /> : null}
      {data && !data.stages ? null : (
        // the funnel across the page, the two breakdowns side by side under it: no column runs
        // longer than the other and leaves an empty block beside it
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <StatPanel title={t('statPay.funnel.orders')} testId="pay-order-funnel" empty={!total?.created} {...panel}>
              <StageFunnel stages={stages} label={t('statPay.funnel.orders')} testId="chart-pay-funnel" />
              {total ? (
                <Typography.Text type="secondary" data-testid="pay-funnel-rates">
                  {t('statPay.funnel.paidRate')} {pct(total.paid_rate)} · {t('statPay.funnel.creditedRate')} {pct(total.credited_rate)}
                </Typography.Text>
              ) : null}
            </StatPanel>
          </Col>
          <Col xs={24} xl={12}>
            <StatPanel title={t('statPay.funnel.byChannel')} testId="pay-funnel-channels" empty={!data?.stages?.by_channel.length} {...panel}>
              <Table
                size="small"
                pagination={false}
                rowKey="channel"
                scroll={{ x: true }}
                dataSource={data?.stages?.by_channel ?? []}
                columns={stageColumns<PayStage & { channel: string }>(t, t('statPay.funnel.channel'), (r) => r.channel || t('statPay.funnel.noChannel'))}
              />
            </StatPanel>
          </Col>
          <Col xs={24} xl={12}>
            <StatPanel title={t('statPay.funnel.byPlatform')} testId="pay-funnel-platforms" empty={!data?.stages?.by_platform.length} {...panel}>
              <Table
                size="small"
                pagination={false}
                rowKey="platform"
                scroll={{ x: true }}
                dataSource={data?.stages?.by_platform ?? []}
                columns={stageColumns<PayStage & { platform: string }>(t, t('statPay.overview.platform'), (r) => platformName(r.platform, t))}
              />
            </StatPanel>
          </Col>
        </Row>
      )}
      <StatPanel
        title={t('statPay.funnel.activity')}
        testId="pay-activity"
        empty={activityEmpty}
        extra={
          <Segmented
            aria-label={t('statPay.funnel.unit')}
            value={unit}
            options={UNITS.map((u) => ({ value: u, label: t(`statPay.funnel.unit.${u}`) }))}
            onChange={(v) => setUnit(v as FunnelUnit)}
          />
        }
        {...panel}
      >
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('statPay.funnel.activityNote')}</Typography.Text>
          <Table<PayActivity>
            size="small"
            rowKey="period"
            dataSource={data?.activity ?? []}
            pagination={{ pageSize: 31, hideOnSinglePage: true }}
            columns={[
              { key: 'period', title: t('statPay.funnel.period'), dataIndex: 'period' },
              { key: 'active_devices', title: t('statPay.funnel.activeDevices'), dataIndex: 'active_devices', align: 'right' },
              { key: 'active_users', title: t('statPay.funnel.activeUsers'), dataIndex: 'active_users', align: 'right' },
              { key: 'paying_users', title: t('statPay.funnel.payingUsers'), dataIndex: 'paying_users', align: 'right' },
              { key: 'user_rate', title: t('statPay.funnel.userRate'), align: 'right', render: (_, r) => pct(r.user_rate) },
              { key: 'paying_rate', title: t('statPay.funnel.payingRate'), align: 'right', render: (_, r) => pct(r.paying_rate) },
            ]}
          />
        </Flex>
      </StatPanel>
    </Flex>
  );
}
