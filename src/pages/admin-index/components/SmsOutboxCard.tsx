/**
 * Admin home: the SMS test outbox. Shown only while the server runs SMS in test mode (no
 * provider configured; GET /api/auth/login-config says so): codes are not sent to phones, so
 * admins read them here. The latest messages, and every message (the kit's list: searched,
 * filtered by time, sorted, paged, exported) in a modal. Data: GET /api/system/sms-outbox.
 */
import { useRequest } from 'ahooks';
import { ProTable } from '@ant-design/pro-components';
import { Alert, Button, Card, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { dateColumn, textColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList from '../../../components/admin/ResourceList';
import { getLoginConfig } from '../../../services/api';
import { smsOutboxResource, type SmsOutboxRow } from '../../../services/system';
import { hasMessage, useT } from '../../../shared/i18n';

const LATEST = 5;

function useColumns(): ResourceColumn<SmsOutboxRow>[] {
  const t = useT();
  return useMemo(
    () => [
      dateColumn<SmsOutboxRow>(t, t('admin.sms.time'), 'created_at', { sorter: true, rangeFilter: true, defaultSortOrder: 'descend' }),
      textColumn<SmsOutboxRow>(t('admin.sms.mobile'), 'mobile', { width: 140 }),
      {
        title: t('admin.sms.scene'),
        dataIndex: 'scene',
        key: 'scene',
        width: 150,
        render: (_, r) => (hasMessage(`mail.scene.${r.scene}`) ? t(`mail.scene.${r.scene}`) : r.scene),
      },
      textColumn<SmsOutboxRow>(t('admin.sms.content'), 'content'),
    ],
    [t],
  );
}

export default function SmsOutboxCard() {
  const t = useT();
  const columns = useColumns();
  const [open, setOpen] = useState(false);
  const config = useRequest(() => getLoginConfig({ skipErrorHandler: true }));
  const testMode = !!config.data?.smsTestMode;
  const latest = useRequest(() => smsOutboxResource.list({ current: 1, pageSize: LATEST }, { skipErrorHandler: true }), {
    ready: testMode,
  });
  // the latest rows are newest first already: no sort or filter controls on them
  const plain = useMemo(() => columns.map(({ sorter: _s, filters: _f, filterDropdown: _d, rangeFilter: _r, defaultSortOrder: _o, ...c }) => c), [columns]);
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
      <ProTable<SmsOutboxRow>
        rowKey="id"
        size="middle"
        loading={latest.loading}
        columns={plain}
        dataSource={latest.data?.data ?? []}
        search={false}
        options={false}
        toolBarRender={false}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('admin.sms.empty') }}
      />
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} width={1000} title={t('admin.sms.all')} destroyOnHidden>
        <ResourceList resource={smsOutboxResource} columns={columns} searchPlaceholder={t('admin.sms.search')} access={{}} />
      </Modal>
    </Card>
  );
}
