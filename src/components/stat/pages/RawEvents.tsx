/**
 * The events page's list of individual events (the reference's event browser): time, event, value,
 * platform, device, newest first, narrowed to one event and (or) one device, paged on the server.
 */
import './i18n';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Input, Select, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../admin/columns';
import type { StatQuery } from '../../../services/stat';
import { getRawEvents, type StatRawEvent } from '../../../services/stat-pages';
import { useT } from '../../../shared/i18n';
import { platformName } from '../i18n';

export default function RawEvents({ query, keys }: { query: StatQuery | null; keys: Array<{ key: string; name: string }> }) {
  const t = useT();
  const [key, setKey] = useState<string | undefined>();
  const [device, setDevice] = useState('');
  const nameOf = (k: string) => keys.find((x) => x.key === k)?.name || k;
  const columns: ProColumns<StatRawEvent>[] = [
    { title: t('statPage.raw.time'), dataIndex: 'ts', key: 'ts', width: 170, render: (_, r) => formatDate(r.ts) },
    {
      title: t('statPage.col.key'),
      dataIndex: 'key',
      key: 'key',
      width: 180,
      ellipsis: true,
      // the display name, the key it stands for in the tooltip
      render: (_, r) => (
        <Tooltip title={r.key}>
          <span>{nameOf(r.key)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('statPage.col.value'),
      dataIndex: 'value',
      key: 'value',
      ellipsis: { showTitle: true },
      render: (_, r) => (r.value === null || r.value === '' ? <Typography.Text type="secondary">{t('statPage.noValue')}</Typography.Text> : r.value),
    },
    { title: t('statPage.raw.platform'), dataIndex: 'platform', key: 'platform', width: 120, render: (_, r) => platformName(r.platform, t) },
    {
      title: t('statPage.raw.device'),
      dataIndex: 'device_id',
      key: 'device_id',
      width: 220,
      ellipsis: true,
      render: (_, r) => (
        <Typography.Link onClick={() => setDevice(r.device_id)} title={t('statPage.raw.onlyDevice')}>
          {r.device_id}
        </Typography.Link>
      ),
    },
    { title: t('statPage.raw.model'), dataIndex: 'device_model', key: 'device_model', width: 140, ellipsis: true, render: (_, r) => r.device_model || '-' },
  ];
  return (
    <div data-testid="raw-events">
      <ProTable<StatRawEvent, { q: string; key?: string; device: string }>
        headerTitle={t('statPage.raw.title')}
        rowKey={(r) => `${r.ts}|${r.device_id}|${r.key}|${r.value ?? ''}`}
        columns={columns}
        params={{ q: JSON.stringify(query), key, device }}
        request={async ({ current, pageSize }) => {
          if (!query) return { data: [], total: 0, success: true };
          const r = await getRawEvents(query, { key, device_id: device || undefined, current: current ?? 1, pageSize: pageSize ?? 20 });
          return { data: r.data, total: r.total, success: true };
        }}
        search={false}
        cardBordered
        scroll={{ x: 'max-content' }}
        options={{ reload: true, density: false, setting: true, fullScreen: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        locale={{ emptyText: t('stat.empty') }}
        toolBarRender={() => [
          <Select
            key="key"
            allowClear
            showSearch
            aria-label={t('statPage.raw.key')}
            placeholder={t('statPage.raw.allKeys')}
            style={{ width: 200 }}
            value={key}
            onChange={(v?: string) => setKey(v || undefined)}
            options={keys.map((k) => ({ value: k.key, label: k.name ? `${k.name} (${k.key})` : k.key }))}
          />,
          <Input.Search
            key="device"
            allowClear
            aria-label={t('statPage.raw.deviceFilter')}
            placeholder={t('statPage.raw.deviceFilter')}
            style={{ width: 240 }}
            value={device}
            onChange={(e) => setDevice(e.target.value.trim())}
          />,
        ]}
      />
    </div>
  );
}
