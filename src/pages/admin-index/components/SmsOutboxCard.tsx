/**
 * Admin home: the SMS test outbox. Shown only while the server runs SMS in test mode (no
 * provider configured): codes are not sent to phones, so admins read them here. The latest
 * messages, and every message (paged, searched by number) in a modal.
 * Data: GET /api/system/sms-outbox (role admin), newest first.
 */
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Input, Modal, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { getSmsOutbox, type SmsOutboxRow } from '../../../services/api';
import { DATE_FORMAT } from '../../../shared/format';
import { hasMessage, useT } from '../../../shared/i18n';

const LATEST = 5;

function useColumns(): TableColumnsType<SmsOutboxRow> {
  const t = useT();
  return [
    { title: t('admin.sms.time'), dataIndex: 'created_at', width: 170, render: (v: string) => dayjs(v).format(DATE_FORMAT) },
    { title: t('admin.sms.mobile'), dataIndex: 'mobile', width: 130 },
    {
      title: t('admin.sms.scene'),
      dataIndex: 'scene',
      width: 150,
      render: (v: string) => (hasMessage(`mail.scene.${v}`) ? t(`mail.scene.${v}`) : v),
    },
    { title: t('admin.sms.content'), dataIndex: 'content' },
  ];
}

function AllMessages({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const columns = useColumns();
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [keyword, setKeyword] = useState('');
  const { data, loading } = useRequest(() => getSmsOutbox({ ...page, keyword: keyword || undefined }, { skipErrorHandler: true }), {
    ready: open,
    refreshDeps: [open, page, keyword],
  });
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={960} title={t('admin.sms.all')} destroyOnHidden>
      <Input.Search
        allowClear
        placeholder={t('admin.sms.search')}
        aria-label={t('admin.sms.search')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage((p) => ({ ...p, current: 1 }));
        }}
        style={{ maxWidth: 320, marginBottom: 16 }}
      />
      <Table<SmsOutboxRow>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data?.data ?? []}
        scroll={{ x: 720 }}
        pagination={{
          ...page,
          total: data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
      />
    </Modal>
  );
}

export default function SmsOutboxCard() {
  const t = useT();
  const columns = useColumns();
  const [open, setOpen] = useState(false);
  const { data, loading, refresh } = useRequest(() => getSmsOutbox({ current: 1, pageSize: LATEST }, { skipErrorHandler: true }));
  if (!data?.testMode) return null;
  return (
    <Card
      title={t('admin.sms.title')}
      data-testid="sms-outbox"
      extra={
        <>
          <Button type="link" onClick={refresh} loading={loading}>
            {t('common.refresh')}
          </Button>
          <Button type="link" onClick={() => setOpen(true)}>
            {t('admin.sms.all')} ({data.total})
          </Button>
        </>
      }
    >
      <Alert type="warning" showIcon message={t('admin.sms.notice')} style={{ marginBottom: 16 }} />
      <Table<SmsOutboxRow>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.data}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('admin.sms.empty') }}
      />
      <AllMessages open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
