/**
 * Admin home: the SMS test outbox. Shown only while the server runs SMS in test mode (no
 * provider configured; GET /api/auth/login-config says so): codes are not sent to phones, so
 * admins read them here. The latest messages, and every message (SmsOutboxAll, loaded when
 * its modal opens) in a modal. Data: GET /api/system/sms-outbox.
 */
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Modal, Skeleton, Table } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { getLoginConfig } from '../../../services/api';
import { smsOutboxResource, type SmsOutboxRow } from '../../../services/system';
import { DATE_FORMAT } from '../../../shared/format';
import { hasMessage, useT } from '../../../shared/i18n';

const SmsOutboxAll = lazy(() => import('./SmsOutboxAll'));

const LATEST = 5;

export default function SmsOutboxCard() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const config = useRequest(() => getLoginConfig({ skipErrorHandler: true }));
  const testMode = !!config.data?.smsTestMode;
  const latest = useRequest(() => smsOutboxResource.list({ current: 1, pageSize: LATEST }, { skipErrorHandler: true }), {
    ready: testMode,
  });
  if (!testMode) return null;
  return (
    <Card
      title={t('admin.sms.title')}
      data-testid="sms-outbox"
      extra={
        <>
          <Button type="link" onClick={latest.refresh} loading={latest.loading}>
            {t('common.refresh')}
          </Button>
          <Button type="link" onClick={() => setOpen(true)}>
            {t('admin.sms.all')} ({latest.data?.total ?? 0})
          </Button>
        </>
      }
    >
      <Alert type="warning" showIcon message={t('admin.sms.notice')} style={{ marginBottom: 16 }} />
      {/* the latest rows are newest first already: no sort or filter controls on them */}
      <Table<SmsOutboxRow>
        rowKey="id"
        size="middle"
        loading={latest.loading}
        dataSource={latest.data?.data ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('admin.sms.empty') }}
        columns={[
          { title: t('admin.sms.time'), dataIndex: 'created_at', width: 180, render: (v: string) => dayjs(v).format(DATE_FORMAT) },
          { title: t('admin.sms.mobile'), dataIndex: 'mobile', width: 140 },
          {
            title: t('admin.sms.scene'),
            dataIndex: 'scene',
            width: 150,
            render: (v: string) => (hasMessage(`mail.scene.${v}`) ? t(`mail.scene.${v}`) : v),
          },
          { title: t('admin.sms.content'), dataIndex: 'content' },
        ]}
      />
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} width={1000} title={t('admin.sms.all')} destroyOnHidden>
        {open ? (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <SmsOutboxAll />
          </Suspense>
        ) : null}
      </Modal>
    </Card>
  );
}
