/**
 * Paying an order by scanning: the provider's QR code, the amount, the time left and "waiting for
 * payment". The order is followed every 2 s; once credited the result page takes over; an order
 * that ended (expired / closed / failed) says so and offers to try again. Cancel closes the order.
 */
import './i18n';
import { ClockCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { closePayOrder, CREDITED_STATUSES, ENDED_STATUSES, followPayOrder, type PayOrder } from '../../services/pay';
import { withQuery } from '../../services/query-string';
import { showRequestError } from '../../services/request-layer';
import { noticeModal, toast } from '../../shared/feedback';
import { useT } from '../../shared/i18n';
import { SPEC } from '../../shared/spec';
import { yuan } from './labels';
import { PAY_RESULT_PAGE } from '../../../shared/pay';

export const SUCCESS_PAGE = PAY_RESULT_PAGE;
export const POLL_MS = 2000;

export const resultPath = (orderNo: string) => withQuery(SUCCESS_PAGE, { order_no: orderNo });

/** "mm:ss" left until the time, 00:00 once past */
export function timeLeft(until: string, now: number): string {
  const s = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

export default function QrPayModal({ order, onClose, onRetry }: { order: PayOrder | null; onClose: () => void; onRetry: () => void }) {
  const t = useT();
  const [modal, holder] = Modal.useModal();
  const [image, setImage] = useState<string | null>(null);
  const now = useNow();
  const orderNo = order?.order_no;

  const [followedStatus, setFollowedStatus] = useState<{ no: string; status: string } | null>(null);
  const status = followedStatus && followedStatus.no === orderNo ? followedStatus.status : order?.status;
  const open = status === 'created';
  // follows while open; a pollingInterval of 0 stops it once the order has moved on
  useRequest(() => followPayOrder(orderNo!, { skipErrorHandler: true }), {
    ready: !!orderNo && open,
    refreshDeps: [orderNo],
    pollingInterval: open ? POLL_MS : 0,
    onSuccess: (d) => setFollowedStatus({ no: d.order_no, status: d.status }),
  });

  useEffect(() => {
    setImage(null);
    if (!order?.qr_code) return;
    let live = true;
    // an SVG image: drawn without a canvas, sharp at any size
    QRCode.toString(order.qr_code, { type: 'svg', margin: 1 }).then(
      (svg) => live && setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setImage(''),
    );
    return () => {
      live = false;
    };
  }, [order?.qr_code]);

  useEffect(() => {
    if (orderNo && status && CREDITED_STATUSES.includes(status)) history.push(resultPath(orderNo));
  }, [orderNo, status]);

  const cancel = () =>
    modal.confirm({
      title: t('pay.qr.cancelConfirm'),
      okText: t('pay.qr.cancelOrder'),
      cancelText: t('pay.qr.keepPaying'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const closed = await closePayOrder(orderNo!);
          // a payment that arrived just before the close is credited instead
          setFollowedStatus({ no: closed.order_no, status: closed.status });
          if (closed.status === 'closed') onClose();
        } catch (e) {
          showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
        }
      },
    });

  const ended = !!status && ENDED_STATUSES.includes(status);
  return (
    <Modal
      open={!!order}
      title={order ? t(order.method === 'wxpay_native' ? 'pay.qr.titleWxpay' : 'pay.qr.titleAlipay') : null}
      onCancel={open ? cancel : onClose}
      maskClosable={false}
      footer={
        ended
          ? [
              <Button key="close" onClick={onClose}>
                {t('pay.close')}
              </Button>,
              <Button key="retry" type="primary" onClick={onRetry}>
                {t('pay.tryAgain')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={cancel} disabled={!open}>
                {t('pay.qr.cancelOrder')}
              </Button>,
            ]
      }
      destroyOnHidden
      width={380}
    >
      {holder}
      {order ? (
        <Flex vertical align="center" gap={12}>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="pay-qr-amount">
            {yuan(order.amount_cents)}
          </Typography.Title>
          <Typography.Text type="secondary">{order.subject}</Typography.Text>
          {ended ? (
            <Alert type="warning" showIcon message={t(`pay.qr.ended.${status}`)} data-testid="pay-qr-ended" />
          ) : (
            <>
              <div style={{ width: 220, height: 220, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fff' }}>
                {image ? (
                  <img src={image} width={220} height={220} alt={t('pay.qr.alt')} data-testid="pay-qr" data-qr={order.qr_code ?? ''} />
                ) : image === '' ? (
                  // not drawn: the content itself, which a phone can still open as a link
                  <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="pay-qr" data-qr={order.qr_code ?? ''}>
                    {order.qr_code}
                  </Typography.Text>
                ) : (
                  <Spin />
                )}
              </div>
              <Typography.Text>{t(order.method === 'wxpay_native' ? 'pay.qr.scanWxpay' : 'pay.qr.scanAlipay')}</Typography.Text>
              <Typography.Text type="secondary" data-testid="pay-qr-countdown">
                <ClockCircleOutlined /> {t('pay.qr.timeLeft', { time: timeLeft(order.expires_at, now) })}
              </Typography.Text>
              <Typography.Text type="secondary">
                <LoadingOutlined /> {t('pay.qr.waiting')}
              </Typography.Text>
            </>
          )}
        </Flex>
      ) : null}
    </Modal>
  );
}
