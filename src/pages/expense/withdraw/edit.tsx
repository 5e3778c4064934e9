/**
 * A withdrawal request (/pages/expense/withdraw/edit; ?id= changes a pending one): the amount
 * with the fee and the payout worked out live by the server's rule (shared/withdraw.ts), the payout
 * account (type, name, number, bank), and the real-name state, which must be verified first (a
 * link to the verification page when it is not). The server's field errors show on their fields.
 */
import '../../../components/withdraw/i18n';
import { history, Link, useSearchParams } from '@umijs/max';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, InputNumber, Radio, Skeleton, Space, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useEffect, useState } from 'react';
import { formatCents } from '../../../../shared/money';
import LoadFailure from '../../../components/LoadFailure';
import { PageTitle } from '../../../layouts/page-header';
import { requestErrorOf } from '../../../services/request-layer';
import { createWithdrawal, getWithdrawal, getWithdrawSummary, quote, updateWithdrawal, type WithdrawRequestBody } from '../../../services/withdraw';
import { toast } from '../../../shared/feedback';
import { applyServerError } from '../../../shared/form-errors';
import { useT } from '../../../shared/i18n';

const LIST = '/pages/expense/withdraw/list';
const REALNAME = '/uni_modules/uni-id-pages/pages/userinfo/realname-verify/realname-verify';
const FIELDS = ['amount', 'account_type', 'account_name', 'account_no', 'bank_name'];

type Values = Omit<WithdrawRequestBody, 'amount'> & { amount: number | null };

export default function WithdrawEdit() {
  const t = useT();
  const [params] = useSearchParams();
  const id = params.get('id');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loaded = useRequest(
    async () => {
      const [summary, row] = await Promise.all([getWithdrawSummary({ skipErrorHandler: true }), id ? getWithdrawal(id, { skipErrorHandler: true }) : null]);
      return { summary, row };
    },
    { refreshDeps: [id] },
  );
  const amount = Form.useWatch('amount', form);
  const accountType = Form.useWatch('account_type', form);

  useEffect(() => {
    const d = loaded.data;
    if (!d) return;
    if (d.row) {
      form.setFieldsValue({
        amount: d.row.amount,
        account_type: d.row.account_type,
        account_name: d.row.account_name,
        account_no: d.row.account_no,
        bank_name: d.row.bank_name,
      });
    } else {
      form.setFieldsValue({ amount: null, account_type: d.summary.settings.account_types[0] });
    }
  }, [loaded.data, form]);

  const failure = loaded.error ? requestErrorOf(loaded.error) : null;
  if (failure && failure.kind !== 'login-expired') return <LoadFailure title={t('withdraw.loadFailed')} failure={failure} onRetry={loaded.refresh} />;
  if (!loaded.data) return <Skeleton active />;

  const { summary, row } = loaded.data;
  const s = summary.settings;
  // a change counts the request's own hold back in
  const available = summary.withdrawable + (row?.status === 'pending' ? row.amount : 0);
  const verified = summary.realname === 'approved';
  const q = typeof amount === 'number' && amount > 0 ? quote({ ...s, store_use_reward: 0 }, amount) : null;
  const editable = !row || row.status === 'pending';

  const submit = async (v: Values) => {
    setSaving(true);
    setError(null);
    const body: WithdrawRequestBody = {
      amount: v.amount!,
      account_type: v.account_type,
      account_name: v.account_name.trim(),
      account_no: v.account_no.trim(),
      ...(v.account_type === 'bank' ? { bank_name: (v.bank_name ?? '').trim() } : {}),
    };
    try {
      if (row) await updateWithdrawal(row.id, body, { skipErrorHandler: true });
      else await createWithdrawal(body, { skipErrorHandler: true });
      toast(t(row ? 'withdraw.form.changed' : 'withdraw.form.created'), 'success');
      history.push(LIST);
    } catch (e) {
      setError(applyServerError(form, e, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      <PageTitle>{t(row ? 'withdraw.form.changeTitle' : 'withdraw.form.newTitle')}</PageTitle>
      {verified ? (
        <Alert type="success" showIcon message={t('withdraw.realname.verified')} />
      ) : (
        <Alert
          type="warning"
          showIcon
          data-testid="realname-required"
          message={t(`withdraw.realname.${summary.realname === 'pending' ? 'pending' : 'required'}`)}
          action={<Link to={REALNAME}>{t('withdraw.realname.go')}</Link>}
        />
      )}
      {!editable ? <Alert type="info" showIcon message={t('withdraw.form.notPending')} /> : null}
      <Card>
        <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={!verified || !editable}>
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
          <Form.Item
            name="amount"
            label={t('withdraw.form.amount')}
            extra={t('withdraw.form.amountHint', { available, min: s.min_credits })}
            rules={[
              { required: true, message: t('withdraw.form.amountRequired') },
              {
                validator: (_, v: number | null) => {
                  if (v === null || v === undefined) return Promise.resolve();
                  if (v < s.min_credits) return Promise.reject(new Error(t('withdraw.form.amountMin', { min: s.min_credits })));
                  if (v > available) return Promise.reject(new Error(t('withdraw.form.amountMax', { available })));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber<number> precision={0} min={1} step={100} style={{ width: 220 }} autoFocus />
          </Form.Item>
          <Descriptions
            size="small"
            column={2}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'fee', label: t('withdraw.field.fee'), children: <span data-testid="withdraw-fee">{q ? q.fee : '-'}</span> },
              {
                key: 'payout',
                label: t('withdraw.field.payout'),
                children: (
                  <Typography.Text strong data-testid="withdraw-payout">
                    {q ? `¥${formatCents(q.payoutCents)}` : '-'}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Form.Item name="account_type" label={t('withdraw.form.accountType')} rules={[{ required: true }]}>
            <Radio.Group options={s.account_types.map((a) => ({ value: a, label: t(`withdraw.account.${a}`) }))} optionType="button" />
          </Form.Item>
          <Form.Item
            name="account_name"
            label={t('withdraw.form.accountName')}
            extra={t('withdraw.form.accountNameHint')}
            rules={[{ required: true, whitespace: true, message: t('withdraw.form.required') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="account_no"
            label={t(accountType === 'bank' ? 'withdraw.form.cardNo' : 'withdraw.form.alipayNo')}
            rules={[{ required: true, whitespace: true, message: t('withdraw.form.required') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          {accountType === 'bank' ? (
            <Form.Item
              name="bank_name"
              label={t('withdraw.form.bankName')}
              rules={[{ required: true, whitespace: true, message: t('withdraw.form.required') }]}
            >
              <Input maxLength={60} />
            </Form.Item>
          ) : null}
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t(row ? 'withdraw.form.save' : 'withdraw.form.submit')}
            </Button>
            <Button disabled={false} onClick={() => history.push(LIST)}>
              {t('system.cancel')}
            </Button>
          </Space>
        </Form>
      </Card>
    </Flex>
  );
}
