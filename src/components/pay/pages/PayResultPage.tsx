/**
 * The payment result (?order_no=): follows the order every 2 s while it is open (up to its
 * expiry), then shows what happened: credited (order, amount, credits, new balance, time paid),
 * ended (expired / closed / failed, with "top up again") or not found. The top bar's balance
 * follows the new one.
 */
import '../i18n';
import { LoadingOutlined } from '@ant-design/icons';
import { history, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Card, Descriptions, Result, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import LoadFailure from '../../LoadFailure';
import { yuan } from '../labels';
import { POLL_MS } from '../QrPayModal';
import { CREDITED_STATUSES, followPayOrder, isConsolePath } from '../../../services/pay';
import { requestErrorOf } from '../../../services/request-layer';
import { DATE_FORMAT } from '../../../shared/format';
import { useT } from '../../../shared/i18n';
import { saveScore } from '../../../shared/session';
import { RECHARGE_PAGE } from '../../../../shared/pay';

export default function PayResult() {
  const t = useT();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';

  const req = useRequest(() => followPayOrder(orderNo, { skipErrorHandler: true }), { ready: !!orderNo, refreshDeps: [orderNo] });
  const order = req.data;
  const open = order?.status === 'created' && new Date(order.expires_at).getTime() > Date.now();
  // polls itself (the hook's polling would keep going after an error): one look every 2 s while open
  const { refresh } = req;
  useEffect(() => {
    if (!open) return;
    const id = setTimeout(refresh, POLL_MS);
    return () => clearTimeout(id);
  }, [open, order, refresh]);

  useEffect(() => {
    if (order?.balance !== null && order?.balance !== undefined) saveScore(order.balance);
  }, [order?.balance]);

  const back = () => history.push(order && isConsolePath(order.return_to) ? order.return_to : RECHARGE_PAGE);
  const again = (
    <Button key="again" type="primary" onClick={() => history.push(RECHARGE_PAGE)}>
      {t('pay.result.topUpAgain')}
    </Button>
  );
  const failure = req.error ? requestErrorOf(req.error) : null;

  let body;
  if (!orderNo || failure?.code === 'NOT_FOUND') {
    body = <Result status="404" title={t('pay.result.notFound')} subTitle={orderNo || undefined} extra={again} />;
  } else if (failure && !order) {
    body = <LoadFailure title={t('pay.result.loadFailed')} failure={failure} onRetry={req.refresh} />;
  } else if (!order) {
    body = (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  } else if (CREDITED_STATUSES.includes(order.status)) {
    body = (
      <Result
        status="success"
        title={t('pay.result.credited', { credits: order.credits })}
        extra={[
          <Button key="back" type="primary" onClick={back}>
            {t('pay.result.back')}
          </Button>,
        ]}
      >
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'no', label: t('pay.field.orderNo'), children: <Typography.Text copyable>{order.order_no}</Typography.Text> },
            { key: 'amount', label: t('pay.field.amount'), children: yuan(order.amount_cents) },
            { key: 'credits', label: t('pay.result.creditsAdded'), children: <span data-testid="pay-result-credits">+{order.credits}</span> },
            ...(order.balance !== null
              ? [{ key: 'balance', label: t('pay.result.balance'), children: <span data-testid="pay-result-balance">{order.balance}</span> }]
              : []),
            { key: 'paid', label: t('pay.field.paidAt'), children: order.paid_at ? dayjs(order.paid_at).format(DATE_FORMAT) : '-' },
          ]}
        />
      </Result>
    );
  } else if (order.status === 'created' && open) {
    body = (
      <Result
        icon={<Spin indicator={<LoadingOutlined style={{ fontSize: 48 }} spin />} />}
        title={t('pay.result.waiting')}
        subTitle={`${t('pay.field.orderNo')}: ${order.order_no} · ${yuan(order.amount_cents)}`}
        extra={[
          <Button key="back" onClick={back}>
            {t('pay.result.back')}
          </Button>,
        ]}
      />
    );
  } else {
    const status = order.status === 'created' ? 'expired' : order.status;
    body = (
      <Result
        status="warning"
        title={t(`pay.result.ended.${status}`)}
        subTitle={`${t('pay.field.orderNo')}: ${order.order_no} · ${yuan(order.amount_cents)}`}
        extra={[
          again,
          <Button key="back" onClick={back}>
            {t('pay.result.back')}
          </Button>,
        ]}
      />
    );
  }
  return (
    <Card data-testid="pay-result" data-status={order?.status ?? (failure ? 'error' : 'loading')}>
      {body}
    </Card>
  );
}
