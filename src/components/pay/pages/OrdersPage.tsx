/**
 * Every top-up order (finance): search (order, trade number, user, subject), filters (status,
 * provider, method, created / paid dates), sorting, xlsx export; Details (the order, its refunds,
 * the notifications received) and Refund.
 */
import '../i18n';
import { EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { CellTag, CellText, dateColumn, textColumn, type ResourceColumn } from '../../admin/columns';
import ResourceList, { type ListContext } from '../../admin/ResourceList';
import { STATUS_COLORS as ORDER_STATUS_COLORS, yuan } from '../labels';
import OrderDetail from '../OrderDetail';
import RefundModal from '../RefundModal';
import { ORDER_STATUSES, orderResource, PAY_METHODS, PAY_PROVIDERS, type OrderRow } from '../../../services/pay';
import { useT } from '../../../shared/i18n';

/** a refund is possible while some of a paid order's money is left */
const refundable = (r: OrderRow) => (r.status === 'credited' || r.status === 'paid') && r.refunded_cents < r.amount_cents;

export default function FinanceOrders() {
  const t = useT();
  const [detail, setDetail] = useState<string | null>(null);
  const [refunding, setRefunding] = useState<OrderRow | null>(null);
  const ctxRef = useRef<ListContext<OrderRow> | null>(null);

  const columns = useMemo<ResourceColumn<OrderRow>[]>(
    () => [
      // at 1280 px: order, user, amount, status, created; the rest from the column settings
      textColumn(t('pay.field.orderNo'), 'order_no', { code: true, width: 200 }),
      {
        title: t('pay.field.user'),
        dataIndex: 'username',
        key: 'username',
        minWidth: 120,
        render: (_, r) => <CellText text={r.nickname || r.username || r.user_id} />,
      },
      textColumn(t('pay.field.subject'), 'subject', { minWidth: 160, hidden: true }),
      {
        title: t('pay.field.amount'),
        dataIndex: 'amount_cents',
        key: 'amount_cents',
        sorter: true,
        width: 110,
        align: 'right',
        render: (_, r) => yuan(r.amount_cents),
      },
      { title: t('pay.field.credits'), dataIndex: 'credits', key: 'credits', width: 100, align: 'right', hiddenByDefault: true, render: (_, r) => r.credits },
      {
        title: t('pay.field.status'),
        dataIndex: 'status',
        key: 'status',
        width: 150,
        filters: ORDER_STATUSES.map((s) => ({ text: t(`pay.status.${s}`), value: s })),
        render: (_, r) => <CellTag text={t(`pay.status.${r.status}`)} color={ORDER_STATUS_COLORS[r.status as keyof typeof ORDER_STATUS_COLORS]} />,
      },
      {
        title: t('pay.field.refunded'),
        dataIndex: 'refunded_cents',
        key: 'refunded_cents',
        width: 110,
        align: 'right',
        hiddenByDefault: true,
        render: (_, r) => (r.refunded_cents ? yuan(r.refunded_cents) : '-'),
      },
      {
        title: t('pay.field.provider'),
        dataIndex: 'provider',
        key: 'provider',
        width: 120,
        hiddenByDefault: true,
        filters: PAY_PROVIDERS.map((p) => ({ text: t(`pay.provider.${p}`), value: p })),
        render: (_, r) => t(`pay.provider.${r.provider}`),
      },
      {
        title: t('pay.field.method'),
        dataIndex: 'method',
        key: 'method',
        width: 150,
        hiddenByDefault: true,
        filters: PAY_METHODS.map((m) => ({ text: t(`pay.method.${m}`), value: m })),
        render: (_, r) => t(`pay.method.${r.method}`),
      },
      textColumn(t('pay.field.tradeNo'), 'trade_no', { code: true, width: 240, hidden: true }),
      dateColumn(t, t('pay.field.createdAt'), 'created_at', { sorter: true, rangeFilter: true }),
      dateColumn(t, t('pay.field.paidAt'), 'paid_at', { rangeFilter: true, hidden: true }),
    ],
    [t],
  );

  return (
    <>
      <ResourceList<OrderRow>
        resource={orderResource}
        title="route.finance.orders"
        columns={columns}
        searchPlaceholder={t('pay.orders.search')}
        access={{}}
        actionsWidth={170}
        rowActions={(r, ctx) =>
          [
            <Typography.Link key="detail" onClick={() => setDetail(r.order_no)} aria-label={`${t('pay.orders.details')} ${r.order_no}`}>
              <EyeOutlined /> {t('pay.orders.details')}
            </Typography.Link>,
            refundable(r) ? (
              <Typography.Link
                key="refund"
                type="danger"
                onClick={() => {
                  ctxRef.current = ctx;
                  setRefunding(r);
                }}
                aria-label={`${t('pay.orders.refund')} ${r.order_no}`}
              >
                <RollbackOutlined /> {t('pay.orders.refund')}
              </Typography.Link>
            ) : null,
          ].filter(Boolean)
        }
      />
      <OrderDetail orderNo={detail} onClose={() => setDetail(null)} />
      <RefundModal
        order={refunding}
        onClose={() => setRefunding(null)}
        onDone={() => {
          setRefunding(null);
          ctxRef.current?.reload();
        }}
      />
    </>
  );
}
