/**
 * Real-name verification (uni-id-pages realname-verify): the current state (not verified,
 * under review, verified, rejected with the reason), the name and ID number form with the
 * server's own rules (shared/validation.ts), the attempts left today and a privacy note. The
 * number is only ever shown masked; submissions wait for an admin (the default provider).
 */
import { LockOutlined } from '@ant-design/icons';
import { useLocation } from '@umijs/max';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { checkIdCard, checkRealName } from '../../../../../../shared/validation';
import { getRealname, submitRealname, type RealnameInfo } from '../../../../../services/api';
import { requireLogin } from '../../../../../services/auth';
import { requestErrorOf, requestErrorText } from '../../../../../services/request-layer';
import { toast } from '../../../../../shared/feedback';
import { DATE_FORMAT } from '../../../../../shared/format';
import { useT } from '../../../../../shared/i18n';
import { SPEC } from '../../../../../shared/spec';
import { ruleOf } from '../../../common/rules';
import { useAccountForm } from '../../../common/use-account-form';

interface Values {
  realName: string;
  idCard: string;
}

const FIELDS = ['realName', 'idCard'] as const;

const STATUS = {
  none: { color: 'default', text: 'account.realname.status.none', hint: 'account.realname.none.hint', alert: 'info' },
  pending: { color: 'processing', text: 'account.realname.status.pending', hint: 'account.realname.pending.hint', alert: 'info' },
  approved: { color: 'success', text: 'account.realname.status.approved', hint: 'account.realname.approved.hint', alert: 'success' },
  rejected: { color: 'error', text: 'account.realname.status.rejected', hint: 'account.realname.rejected.hint', alert: 'warning' },
} as const;

export default function RealnameVerify() {
  const t = useT();
  const { pathname, search } = useLocation();
  const [info, setInfo] = useState<RealnameInfo | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setInfo(await getRealname({ skipErrorHandler: true }));
    } catch (e) {
      const err = requestErrorOf(e);
      if (err.kind !== 'login-expired' && err.kind !== 'aborted') setLoadError(requestErrorText(err, t, SPEC.REQUEST_TIMEOUT_MS));
    }
  }, [t]);

  useEffect(() => {
    if (requireLogin(pathname, search)) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { form, formProps, submitting, errorAlert } = useAccountForm<Values>(
    FIELDS,
    async (values) => {
      const next = await submitRealname({ realName: values.realName.trim(), idCard: values.idCard.trim() }, { skipErrorHandler: true });
      setInfo(next);
      form.resetFields();
      toast(t(next.status === 'approved' ? 'account.realname.verified' : 'account.realname.submitted'), 'success');
    },
    // a refused try may still count (a number taken elsewhere): show the state as it now is
    { onFailure: () => void load() },
  );

  const status = info ? STATUS[info.status] : null;
  const canSubmit = !!info && (info.status === 'none' || info.status === 'rejected');
  const noAttempts = canSubmit && info.attemptsLeftToday <= 0;

  return (
    <Card title={t('account.realname.title')} style={{ maxWidth: 640 }}>
      {loadError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('account.realname.loadFailed')}
          description={loadError}
          action={
            <Button size="small" onClick={() => void load()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !info || !status ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Flex vertical gap={16}>
          <Alert type={status.alert} showIcon message={t(status.hint)} />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('account.realname.status')}>
              <Tag color={status.color} data-testid="realname-status">
                {t(status.text)}
              </Tag>
            </Descriptions.Item>
            {info.realName ? <Descriptions.Item label={t('account.realname.name')}>{info.realName}</Descriptions.Item> : null}
            {info.idCardMasked ? (
              <Descriptions.Item label={t('account.realname.idCard')}>
                <Typography.Text code data-testid="realname-idcard">
                  {info.idCardMasked}
                </Typography.Text>
              </Descriptions.Item>
            ) : null}
            {info.status === 'rejected' && info.reason ? (
              <Descriptions.Item label={t('account.realname.reason')}>
                <Typography.Text type="danger">{info.reason}</Typography.Text>
              </Descriptions.Item>
            ) : null}
            {info.submittedAt ? (
              <Descriptions.Item label={t('account.realname.submittedAt')}>{dayjs(info.submittedAt).format(DATE_FORMAT)}</Descriptions.Item>
            ) : null}
            {info.decidedAt ? <Descriptions.Item label={t('account.realname.decidedAt')}>{dayjs(info.decidedAt).format(DATE_FORMAT)}</Descriptions.Item> : null}
          </Descriptions>

          {canSubmit ? (
            <Form<Values> {...formProps} disabled={noAttempts} requiredMark={false}>
              {errorAlert}
              {noAttempts ? <Alert type="error" showIcon role="alert" message={t('error.REALNAME_ATTEMPTS_EXCEEDED')} style={{ marginBottom: 16 }} /> : null}
              <Form.Item
                name="realName"
                label={t('account.realname.name')}
                rules={[{ required: true, whitespace: true, message: t('account.realname.name.required') }, ruleOf(checkRealName, t)]}
              >
                <Input autoFocus autoComplete="name" maxLength={32} placeholder={t('account.realname.name.placeholder')} />
              </Form.Item>
              <Form.Item
                name="idCard"
                label={t('account.realname.idCard')}
                rules={[{ required: true, whitespace: true, message: t('account.realname.idCard.required') }, ruleOf(checkIdCard, t)]}
              >
                <Input autoComplete="off" maxLength={18} inputMode="text" spellCheck={false} placeholder={t('account.realname.idCard.placeholder')} />
              </Form.Item>
              <Flex align="center" justify="space-between" wrap="wrap" gap={8}>
                <Typography.Text type="secondary" data-testid="realname-attempts">
                  {t('account.realname.attemptsLeft', { left: info.attemptsLeftToday, max: info.maxAttempts })}
                </Typography.Text>
                <Button type="primary" htmlType="submit" loading={submitting}>
                  {t('account.realname.submit')}
                </Button>
              </Flex>
            </Form>
          ) : null}

          <Typography.Text type="secondary">
            <LockOutlined /> {t('account.realname.privacy')}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}
