/**
 * An order as finance sees it, in a drawer: the order, its refunds, and every notification
 * received for it with whether its signature held and what came of it (a forged one shows).
 */
import './i18n';
import { useRequest } from 'ahooks';
import { Descriptions, Drawer, Empty, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import LoadFailure from '../LoadFailure';
import { getOrderDetail, type OrderDetail as Detail } from '../../services/pay';
import { requestErrorOf } from '../../services/request-layer';
import { DATE_FORMAT } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { StatusTag, yuan } from './labels';

const when = (v: string | null | undefined) => (v ? dayjs(v).format(DATE_FORMAT) : '-');
const OUTCOME_COLORS: Record<string, string> = { credited: 'success', duplicate: 'default', not_paid: 'default' };

export default function OrderDetail({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const t = useT();
  const req = useRequest(() => getOrderDetail(orderNo!, { skipErrorHandler: true }), { ready: !!orderNo, refreshDeps: [orderNo] });
  const d: Detail | undefined = req.data?.order.order_no === orderNo ? req.data : undefined;
  return (
    <Drawer open={!!orderNo} onClose={onClose} width={760} title={t('pay.detail.title', { order: orderNo ?? '' })} destroyOnHidden>
      {req.error && !d ? (
        <LoadFailure title={t('pay.detail.loadFailed')} failure={requestErrorOf(req.error)} onRetry={req.refresh} />
      ) : !d ? (
        <Typography.Text type="secondary">{t('pay.loading')}</Typography.Text>
      ) : (
        <>
          <Descriptions
            size="small"
            bordered
            column={2}
            items={[
              { key: 'no', label: t('pay.field.orderNo'), children: <Typography.Text copyable>{d.order.order_no}</Typography.Text>, span: 2 },
              { key: 'user', label: t('pay.field.user'), children: d.order.nickname || d.order.username || d.order.user_id },
              { key: 'status', label: t('pay.field.status'), children: <StatusTag status={d.order.status} t={t} /> },
              { key: 'subject', label: t('pay.field.subject'), children: d.order.subject, span: 2 },
              { key: 'amount', label: t('pay.field.amount'), children: yuan(d.order.amount_cents) },
              { key: 'credits', label: t('pay.field.credits'), children: d.order.credits },
              { key: 'refunded', label: t('pay.field.refunded'), children: yuan(d.order.refunded_cents) },
              { key: 'refundedCredits', label: t('pay.field.refundedCredits'), children: d.order.refunded_credits },
              { key: 'method', label: t('pay.field.method'), children: t(`pay.method.${d.order.method}`) },
              { key: 'trade', label: t('pay.field.tradeNo'), children: d.order.trade_no ?? '-' },
              { key: 'created', label: t('pay.field.createdAt'), children: when(d.order.created_at) },
              { key: 'paid', label: t('pay.field.paidAt'), children: when(d.order.paid_at) },
              { key: 'expires', label: t('pay.field.expiresAt'), children: when(d.order.expires_at) },
              { key: 'closed', label: t('pay.field.closedAt'), children: when(d.order.closed_at) },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('pay.detail.refunds')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.refunds}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pay.detail.noRefunds')} /> }}
            columns={[
              { title: t('pay.field.createdAt'), dataIndex: 'created_at', render: when, width: 160 },
              { title: t('pay.field.amount'), dataIndex: 'amount_cents', render: (v: number) => yuan(v) },
              {
                title: t('pay.refund.creditsTaken'),
                dataIndex: 'credits',
                render: (v: number, r) => (r.credits_shortfall > 0 ? `${v} (${t('pay.refund.shortfall', { credits: r.credits_shortfall })})` : v),
              },
              {
                title: t('pay.field.status'),
                dataIndex: 'status',
                render: (v: string) => <Tag color={v === 'succeeded' ? 'success' : v === 'failed' ? 'error' : 'processing'}>{t(`pay.refund.status.${v}`)}</Tag>,
              },
              { title: t('pay.refund.reason'), dataIndex: 'reason', ellipsis: true },
              { title: t('pay.refund.actor'), dataIndex: 'actor', render: (v: string | null) => v ?? '-' },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('pay.detail.notifications')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.notifications}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pay.detail.noNotifications')} /> }}
            columns={[
              { title: t('pay.detail.receivedAt'), dataIndex: 'received_at', render: when, width: 160 },
              {
                title: t('pay.detail.verified'),
                dataIndex: 'verified',
                render: (v: boolean) => <Tag color={v ? 'success' : 'error'}>{t(v ? 'pay.detail.signatureOk' : 'pay.detail.signatureBad')}</Tag>,
              },
              {
                title: t('pay.detail.outcome'),
                dataIndex: 'outcome',
                render: (v: string) => <Tag color={OUTCOME_COLORS[v] ?? 'error'}>{t(`pay.outcome.${v}`)}</Tag>,
              },
              { title: t('pay.detail.notifyDetail'), dataIndex: 'detail', ellipsis: true, render: (v: string | null) => v ?? '-' },
              { title: t('pay.detail.ip'), dataIndex: 'ip', render: (v: string | null) => v ?? '-' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
