/**
 * Top-up: the balance, the packages as cards or a custom amount (credits previewed at the rate),
 * the payment methods (one that is off says why), Pay; a QR method pays in a modal that follows
 * the order, computer-website pay goes to the provider's page. Below, the caller's orders: an open
 * one can be paid again.
 */
import '../i18n';
import { BarChartOutlined, FileTextOutlined, WalletOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Space, Statistic, Tag, theme, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { dateColumn, textColumn, type ResourceColumn } from '../../admin/columns';
import RedeemCode from '../../expense/RedeemCode';
import ResourceList from '../../admin/ResourceList';
import LoadFailure from '../../LoadFailure';
import CustomAmount, { checkCustom } from '../CustomAmount';
import { StatusTag, yuan } from '../labels';
import MethodPicker from '../MethodPicker';
import QrPayModal from '../QrPayModal';
import { getCreditSummary } from '../../../services/credits';
import {
  createPayOrder,
  getPayOptions,
  isConsolePath,
  myOrderResource,
  ORDER_STATUSES,
  QR_METHODS,
  type MyOrderRow,
  type PayOrder,
} from '../../../services/pay';
import { requestErrorOf, requestErrorText, showRequestError } from '../../../services/request-layer';
import { noticeModal, toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { saveScore } from '../../../shared/session';
import { SPEC } from '../../../shared/spec';
import { RECHARGE_PAGE } from '../../../../shared/pay';

const CUSTOM = 'custom';

/** the computer-website page of an order (Alipay's), or its QR code in the modal */
function goPay(order: PayOrder, showQr: (o: PayOrder) => void) {
  if (QR_METHODS.includes(order.method)) showQr(order);
  else if (order.pay_url) window.location.assign(order.pay_url);
}

export default function Recharge() {
  const t = useT();
  const { token } = theme.useToken();
  // the chosen card: outlined in the theme's colour
  const chosen = { borderColor: token.colorPrimary, boxShadow: `0 0 0 1px ${token.colorPrimary}` };
  const [params] = useSearchParams();
  const from = params.get('from');
  const returnTo = isConsolePath(from) ? from : RECHARGE_PAGE;

  const summary = useRequest(() => getCreditSummary(), { onSuccess: (d) => saveScore(d.balance) });
  const options = useRequest(() => getPayOptions(), {
    onSuccess: (o) => {
      setChoice((c) => c ?? o.packages[0]?.id ?? (o.custom.enabled ? CUSTOM : null));
      setMethod((m) => m ?? o.methods.find((x) => x.enabled)?.method ?? null);
    },
  });
  const [choice, setChoice] = useState<string | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [customText, setCustomText] = useState('');
  const [customTried, setCustomTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [qrOrder, setQrOrder] = useState<PayOrder | null>(null);
  const [listKey, setListKey] = useState(0);

  const opts = options.data;
  const custom = opts && choice === CUSTOM ? checkCustom(customText, opts.custom, t) : null;
  const customError = serverError ?? (customTried && custom ? custom.error : null);
  const methodOn = !!opts?.methods.find((m) => m.method === method && m.enabled);

  const pay = async () => {
    if (!opts || !choice || !methodOn || paying) return;
    setServerError(null);
    if (choice === CUSTOM) {
      setCustomTried(true);
      if (!custom || custom.error) return;
    }
    setPaying(true);
    try {
      const order = await createPayOrder(
        { method: method!, return_to: returnTo, platform: 'web', ...(choice === CUSTOM ? { amount_cents: custom!.cents! } : { package_id: choice }) },
        { skipErrorHandler: true },
      );
      setListKey((k) => k + 1);
      goPay(order, setQrOrder);
    } catch (e) {
      const info = requestErrorOf(e);
      if (info.kind === 'business' && info.field === 'amount_cents' && choice === CUSTOM) setServerError(requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS));
      else showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
      if (info.code === 'PACKAGE_NOT_AVAILABLE' || info.code === 'PAY_METHOD_UNAVAILABLE') options.refresh();
    } finally {
      setPaying(false);
    }
  };

  const columns = useMemo<ResourceColumn<MyOrderRow>[]>(
    () => [
      textColumn(t('pay.field.orderNo'), 'order_no', { code: true, width: 250 }),
      dateColumn(t, t('pay.field.createdAt'), 'created_at', { sorter: true, rangeFilter: true }),
      textColumn(t('pay.field.subject'), 'subject', { ellipsis: true }),
      { title: t('pay.field.amount'), dataIndex: 'amount_cents', key: 'amount_cents', sorter: true, width: 110, render: (_, r) => yuan(r.amount_cents) },
      { title: t('pay.field.credits'), dataIndex: 'credits', key: 'credits', width: 100, render: (_, r) => r.credits },
      {
        title: t('pay.field.status'),
        dataIndex: 'status',
        key: 'status',
        width: 110,
        filters: ORDER_STATUSES.map((s) => ({ text: t(`pay.status.${s}`), value: s })),
        render: (_, r) => <StatusTag status={r.status} t={t} />,
      },
      { title: t('pay.field.method'), dataIndex: 'method', key: 'method', width: 150, render: (_, r) => t(`pay.method.${r.method}`) },
    ],
    [t],
  );

  const chosenPackage = opts?.packages.find((p) => p.id === choice);
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card
            title={t('pay.recharge.balance')}
            extra={
              <Space size="middle">
                <Link to="/pages/expense/analysis/analysis">
                  <BarChartOutlined /> {t('pay.recharge.analysis')}
                </Link>
                <Link to="/pages/expense/invoice/invoice">
                  <FileTextOutlined /> {t('pay.recharge.invoices')}
                </Link>
              </Space>
            }
            style={{ height: '100%' }}
          >
            <Statistic
              loading={summary.loading && !summary.data}
              value={summary.data?.balance ?? '-'}
              prefix={<WalletOutlined />}
              suffix={t('pay.credits')}
              groupSeparator=""
              valueStyle={{ fontSize: 32 }}
              data-testid="pay-balance"
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <RedeemCode onRedeemed={() => summary.refresh()} />
        </Col>
      </Row>

      <Card>
        {options.error && !opts ? (
          <LoadFailure title={t('pay.recharge.loadFailed')} failure={requestErrorOf(options.error)} onRetry={options.refresh} />
        ) : !opts ? (
          <Skeleton active />
        ) : (
          <Flex vertical gap={20}>
            <div>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {t('pay.recharge.choose')}
              </Typography.Title>
              {opts.packages.length || opts.custom.enabled ? (
                <Row gutter={[12, 12]} role="radiogroup" aria-label={t('pay.recharge.choose')}>
                  {opts.packages.map((p) => (
                    <Col key={p.id} xs={12} sm={8} md={6} xl={4}>
                      <Card
                        hoverable
                        size="small"
                        role="radio"
                        aria-checked={choice === p.id}
                        tabIndex={0}
                        data-testid={`pay-package-${p.id}`}
                        onClick={() => setChoice(p.id)}
                        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setChoice(p.id)}
                        style={choice === p.id ? chosen : undefined}
                      >
                        <Typography.Text strong>{p.name}</Typography.Text>
                        <Typography.Title level={3} style={{ margin: '4px 0' }}>
                          {yuan(p.price_cents)}
                        </Typography.Title>
                        <Typography.Text>{t('pay.package.credits', { credits: p.credits })}</Typography.Text>
                        {p.bonus_credits > 0 ? (
                          <div>
                            <Tag color="gold" style={{ marginTop: 4 }}>
                              {t('pay.package.bonus', { bonus: p.bonus_credits })}
                            </Tag>
                          </div>
                        ) : null}
                      </Card>
                    </Col>
                  ))}
                  {opts.custom.enabled ? (
                    <Col xs={12} sm={8} md={6} xl={4}>
                      <Card
                        hoverable
                        size="small"
                        role="radio"
                        aria-checked={choice === CUSTOM}
                        tabIndex={0}
                        data-testid="pay-package-custom"
                        onClick={() => setChoice(CUSTOM)}
                        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setChoice(CUSTOM)}
                        style={{
                          height: '100%',
                          ...(choice === CUSTOM ? chosen : {}),
                        }}
                      >
                        <Typography.Text strong>{t('pay.custom.title')}</Typography.Text>
                        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                          {t('pay.custom.rate', { rate: opts.custom.credits_per_yuan })}
                        </Typography.Paragraph>
                      </Card>
                    </Col>
                  ) : null}
                </Row>
              ) : (
                <Empty description={t('pay.recharge.nothing')} />
              )}
              {choice === CUSTOM ? (
                <div style={{ marginTop: 12 }}>
                  <CustomAmount
                    rules={opts.custom}
                    value={customText}
                    onChange={(v) => {
                      setCustomText(v);
                      setServerError(null);
                    }}
                    error={customError}
                  />
                </div>
              ) : null}
            </div>
            <div>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {t('pay.method.label')}
              </Typography.Title>
              <MethodPicker methods={opts.methods} value={method} onChange={setMethod} />
            </div>
            <Flex align="center" gap={16} wrap="wrap">
              <Button type="primary" size="large" loading={paying} disabled={!choice || !methodOn} onClick={() => void pay()} data-testid="pay-submit">
                {chosenPackage ? t('pay.recharge.payAmount', { amount: yuan(chosenPackage.price_cents) }) : t('pay.recharge.pay')}
              </Button>
              {!opts.methods.some((m) => m.enabled) ? <Typography.Text type="warning">{t('pay.recharge.noMethod')}</Typography.Text> : null}
            </Flex>
          </Flex>
        )}
      </Card>

      <Card title={t('pay.recharge.myOrders')} styles={{ body: { padding: 0 } }}>
        <ResourceList<MyOrderRow>
          key={listKey}
          resource={myOrderResource}
          columns={columns}
          searchPlaceholder={t('pay.recharge.searchOrders')}
          access={{}}
          exportable={false}
          actionsWidth={120}
          rowActions={(r) =>
            [
              r.status === 'created' && new Date(r.expires_at).getTime() > Date.now() && (QR_METHODS.includes(r.method) ? r.qr_code : r.pay_url) ? (
                <Typography.Link key="pay" onClick={() => goPay(r as PayOrder, setQrOrder)} aria-label={`${t('pay.recharge.payAgain')} ${r.order_no}`}>
                  {t('pay.recharge.payAgain')}
                </Typography.Link>
              ) : null,
            ].filter(Boolean)
          }
        />
      </Card>

      <QrPayModal
        order={qrOrder}
        onClose={() => {
          setQrOrder(null);
          setListKey((k) => k + 1);
        }}
        onRetry={() => {
          setQrOrder(null);
          setListKey((k) => k + 1);
          void pay();
        }}
      />
    </Flex>
  );
}
