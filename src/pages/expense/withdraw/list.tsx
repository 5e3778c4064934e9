/**
 * Withdrawals (/pages/expense/withdraw/list): the caller's withdrawable credits and their requests
 * (status, the reason of a rejection, the payout reference), a new request, and changing or
 * cancelling a pending one. MANAGE_FINANCE also gets "All requests": everyone's, filtered by
 * status, user and date, exported, and approved (with the payout reference) or rejected (with
 * the reason the user sees) one at a time. Both tables fit a 1280 px screen (everyone's requests
 * keep the fee in the column settings: the payout is what the reviewer pays).
 */
import '../../../components/withdraw/i18n';
import { PlusOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { Alert, Button, Card, Col, Flex, Form, Input, Modal, Row, Statistic, Tabs, Tag, Typography, theme as antdTheme } from 'antd';
import { useRequest } from 'ahooks';
import { useMemo, useState } from 'react';
import { formatCents } from '../../../../shared/money';
import { RULES } from '../../../../shared/permissions';
import { lastChars, textLength } from '../../../../shared/text';
import { useCan } from '../../../components/admin/access';
import { CellText, dateColumn, statusColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList, { type ListContext } from '../../../components/admin/ResourceList';
import { showRequestError } from '../../../services/request-layer';
import {
  allWithdrawals,
  cancelWithdrawal,
  getWithdrawSummary,
  myWithdrawals,
  reviewWithdrawal,
  WITHDRAW_STATUSES,
  type WithdrawRow,
} from '../../../services/withdraw';
import { noticeModal, toast } from '../../../shared/feedback';
import { applyServerError } from '../../../shared/form-errors';
import { useT, type Translate } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';
import { useTabParam } from '../../../shared/tab-param';

const EDIT = '/pages/expense/withdraw/edit';
const STATUS_COLORS: Record<string, string> = { pending: 'processing', approved: 'success', rejected: 'error', cancelled: 'default' };

/** an account number with only its last 4 characters shown */
function masked(no: string): string {
  const n = textLength(no);
  return n > 4 ? `${'*'.repeat(Math.min(n - 4, 8))}${lastChars(no, 4)}` : no;
}

function columnsOf(t: Translate, all: boolean): ResourceColumn<WithdrawRow>[] {
  const statuses = Object.fromEntries(WITHDRAW_STATUSES.map((s) => [s, { text: t(`withdraw.status.${s}`), color: STATUS_COLORS[s] }]));
  return [
    dateColumn(t, t('withdraw.field.created'), 'created_at', { sorter: true, rangeFilter: all, defaultSortOrder: 'descend' }),
    ...(all
      ? [
          {
            title: t('withdraw.field.user'),
            dataIndex: 'username',
            key: 'username',
            width: 130,
            render: (_: unknown, r: WithdrawRow) => <CellText text={r.username || r.nickname || r.user_id} />,
          } as ResourceColumn<WithdrawRow>,
        ]
      : []),
    { title: t('withdraw.field.amount'), dataIndex: 'amount', key: 'amount', sorter: true, width: 100, render: (_, r) => r.amount.toLocaleString() },
    // wide enough for "手续费（积分）" on one line
    { title: t('withdraw.field.fee'), dataIndex: 'fee', key: 'fee', width: 120, hiddenByDefault: all, render: (_, r) => r.fee.toLocaleString() },
    { title: t('withdraw.field.payout'), dataIndex: 'payout_cents', key: 'payout_cents', width: 100, render: (_, r) => `¥${formatCents(r.payout_cents)}` },
    {
      title: t('withdraw.field.account'),
      dataIndex: 'account_no',
      key: 'account_no',
      // everyone's requests show the whole account number: room for it at 1280 px
      minWidth: all ? 180 : 130,
      // one line each, cut with an ellipsis (whole on hover); the number before the bank's name, so it shows
      render: (_, r) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <CellText text={`${t(`withdraw.account.${r.account_type}`)} · ${r.account_name}`} />
          <CellText type="secondary" text={[all ? r.account_no : masked(r.account_no), r.bank_name].filter(Boolean).join(' · ')} />
        </Flex>
      ),
    },
    {
      // the outcome sits under the status: the payout reference on one line, a rejection's reason on
      // two, cut with an ellipsis (whole on hover)
      ...statusColumn<WithdrawRow>(t('withdraw.field.status'), 'status', statuses, { filter: true, width: 120 }),
      render: (_, r) => (
        <Flex vertical gap={2}>
          <Tag color={STATUS_COLORS[r.status]} style={{ alignSelf: 'flex-start' }}>
            {t(`withdraw.status.${r.status}`)}
          </Tag>
          {r.status === 'approved' && r.payout_ref ? (
            <span data-testid={`payout-ref-${r.id}`} style={{ display: 'block', minWidth: 0 }}>
              <CellText type="secondary" text={t('withdraw.field.payoutRefShown', { ref: r.payout_ref })} />
            </span>
          ) : null}
          {r.status === 'rejected' && r.reason ? (
            <Typography.Paragraph type="danger" data-testid={`reason-${r.id}`} ellipsis={{ rows: 2, tooltip: r.reason }} style={{ margin: 0 }}>
              {r.reason}
            </Typography.Paragraph>
          ) : null}
        </Flex>
      ),
    },
  ];
}

/** approve (payout reference) or reject (reason): one modal, the decision picked by the button that opened it */
function ReviewModal({
  target,
  onClose,
  onDone,
}: {
  target: { row: WithdrawRow; decision: 'approve' | 'reject' } | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [form] = Form.useForm<{ text: string }>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approve = target?.decision === 'approve';
  const field = approve ? 'payout_ref' : 'reason';
  const submit = async ({ text }: { text: string }) => {
    if (!target) return;
    setSaving(true);
    setError(null);
    try {
      const body = approve ? { decision: 'approve' as const, payout_ref: text.trim() } : { decision: 'reject' as const, reason: text.trim() };
      await reviewWithdrawal(target.row.id, body, { skipErrorHandler: true });
      toast(t(approve ? 'withdraw.review.approved' : 'withdraw.review.rejected'), 'success');
      onDone();
    } catch (e) {
      setError(applyServerError(form, e, ['text'], { [field]: 'text' }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!target}
      title={
        target
          ? t(approve ? 'withdraw.review.approveTitle' : 'withdraw.review.rejectTitle', {
              user: target.row.username ?? target.row.user_id,
              amount: target.row.amount,
            })
          : null
      }
      okText={t(approve ? 'withdraw.review.approve' : 'withdraw.review.reject')}
      okButtonProps={{ danger: !approve }}
      cancelText={t('system.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {target && approve ? (
        <Typography.Paragraph>
          {t('withdraw.review.payTo', { payout: formatCents(target.row.payout_cents), name: target.row.account_name, no: target.row.account_no })}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} preserve={false}>
        {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} /> : null}
        <Form.Item
          name="text"
          label={t(approve ? 'withdraw.review.payoutRef' : 'withdraw.review.reason')}
          rules={[{ required: true, whitespace: true, message: t(approve ? 'withdraw.review.payoutRefRequired' : 'withdraw.review.reasonRequired') }]}
        >
          {approve ? <Input autoFocus maxLength={100} /> : <Input.TextArea autoFocus rows={3} maxLength={200} showCount />}
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SummaryCard({ refreshKey }: { refreshKey: number }) {
  const t = useT();
  const { token } = antdTheme.useToken();
  const summary = useRequest(() => getWithdrawSummary({ skipErrorHandler: true }), { refreshDeps: [refreshKey] });
  const s = summary.data;
  return (
    <Card loading={summary.loading && !s}>
      <Row gutter={[16, 16]} align="middle">
        <Col xs={12} md={5}>
          <Statistic title={t('withdraw.summary.withdrawable')} value={s?.withdrawable ?? 0} valueStyle={{ color: token.colorPrimary }} />
        </Col>
        <Col xs={12} md={5}>
          <Statistic title={t('withdraw.summary.balance')} value={s?.balance ?? 0} />
        </Col>
        <Col xs={12} md={5}>
          <Statistic title={t('withdraw.summary.earned')} value={s?.earned ?? 0} />
        </Col>
        <Col xs={12} md={5}>
          <Statistic title={t('withdraw.summary.withdrawn')} value={s?.withdrawn ?? 0} />
        </Col>
        <Col xs={24} md={4}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => history.push(EDIT)}>
            {t('withdraw.new')}
          </Button>
        </Col>
      </Row>
      {s ? (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          {t('withdraw.summary.rules', { min: s.settings.min_credits, fee: s.settings.fee_bps / 100, minFee: s.settings.min_fee })}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}

const TABS = ['mine', 'all'];

export default function WithdrawList() {
  const t = useT();
  const can = useCan();
  const finance = can(RULES.manageFinance);
  const [tab, setTab] = useTabParam(TABS);
  const [refreshKey, setRefreshKey] = useState(0);
  const [reviewing, setReviewing] = useState<{ row: WithdrawRow; decision: 'approve' | 'reject'; ctx: ListContext<WithdrawRow> } | null>(null);
  const mineColumns = useMemo(() => columnsOf(t, false), [t]);
  const allColumns = useMemo(() => columnsOf(t, true), [t]);

  const cancel = (row: WithdrawRow, ctx: ListContext<WithdrawRow>) =>
    ctx.modal.confirm({
      title: t('withdraw.cancelTitle', { amount: row.amount }),
      content: t('withdraw.cancelText'),
      okText: t('withdraw.cancel'),
      okButtonProps: { danger: true },
      cancelText: t('system.cancel'),
      onOk: async () => {
        try {
          await cancelWithdrawal(row.id, { skipErrorHandler: true });
          toast(t('withdraw.cancelled'), 'success');
        } catch (e) {
          showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
        }
        ctx.reload();
        setRefreshKey((k) => k + 1);
      },
    });

  const mine = (
    <ResourceList<WithdrawRow>
      resource={myWithdrawals}
      columns={mineColumns}
      searchPlaceholder={t('withdraw.searchMine')}
      access={{}}
      actionsWidth={140}
      rowActions={(r, ctx) =>
        r.status === 'pending'
          ? [
              <Typography.Link key="edit" onClick={() => history.push(`${EDIT}?id=${encodeURIComponent(r.id)}`)}>
                {t('withdraw.edit')}
              </Typography.Link>,
              <Typography.Link key="cancel" type="danger" onClick={() => cancel(r, ctx)} aria-label={`${t('withdraw.cancel')} ${r.amount}`}>
                {t('withdraw.cancel')}
              </Typography.Link>,
            ]
          : []
      }
    />
  );

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('withdraw.description')}
      </Typography.Paragraph>
      <SummaryCard refreshKey={refreshKey} />
      {finance ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'mine', label: t('withdraw.tab.mine'), children: mine },
            {
              key: 'all',
              label: t('withdraw.tab.all'),
              children: (
                <>
                  <ResourceList<WithdrawRow>
                    resource={allWithdrawals}
                    columns={allColumns}
                    searchPlaceholder={t('withdraw.searchAll')}
                    access={{}}
                    actionsWidth={150}
                    rowActions={(r, ctx) =>
                      r.status === 'pending'
                        ? [
                            <Typography.Link
                              key="approve"
                              onClick={() => setReviewing({ row: r, decision: 'approve', ctx })}
                              aria-label={`${t('withdraw.review.approve')} ${r.username ?? ''}`}
                            >
                              {t('withdraw.review.approve')}
                            </Typography.Link>,
                            <Typography.Link
                              key="reject"
                              type="danger"
                              onClick={() => setReviewing({ row: r, decision: 'reject', ctx })}
                              aria-label={`${t('withdraw.review.reject')} ${r.username ?? ''}`}
                            >
                              {t('withdraw.review.reject')}
                            </Typography.Link>,
                          ]
                        : []
                    }
                  />
                  <ReviewModal
                    target={reviewing}
                    onClose={() => setReviewing(null)}
                    onDone={() => {
                      reviewing?.ctx.reload();
                      setReviewing(null);
                      setRefreshKey((k) => k + 1);
                    }}
                  />
                </>
              ),
            },
          ]}
        />
      ) : (
        mine
      )}
    </Flex>
  );
}
