/**
 * Personal API keys (/pages/api-keys/list, USE_API_KEYS; admins see everyone's): name, hint of
 * the key, holder, status, credits spent against the caps, models, allowed addresses, expiry and
 * last use; New key shows the whole key once; edit, disable or enable, delete after a confirmation;
 * each key's usage (and all of them) on the usage page.
 */
import './i18n';
import { BarChartOutlined, EditOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { Button, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useMemo, useState, type ReactNode } from 'react';
import { RULES } from '../../../shared/permissions';
import { dateColumn, statusColumn, textColumn, type ResourceColumn } from '../../components/admin/columns';
import ResourceList from '../../components/admin/ResourceList';
import type { ListContext } from '../../components/admin/list-types';
import { apiKeyResource, listKeyModels, updateApiKey, type ApiKeyRow } from '../../services/credits';
import { toast } from '../../shared/feedback';
import { useT } from '../../shared/i18n';
import { KeyForm, MadeKey } from './KeyForm';

const num = (v: number | null) => (v === null ? null : v.toLocaleString());

export default function ApiKeyList() {
  const t = useT();
  const models = useRequest(() => listKeyModels({ skipErrorHandler: true }));
  const [form, setForm] = useState<{ editing: ApiKeyRow | null; ctx: ListContext<ApiKeyRow> } | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const modelName = useMemo(() => new Map((models.data ?? []).map((m) => [m.id, m.name])), [models.data]);

  const columns = useMemo<ResourceColumn<ApiKeyRow>[]>(
    () => [
      textColumn(t('apiKeys.name'), 'name', { sorter: true, minWidth: 120 }),
      textColumn(t('apiKeys.key'), 'key_hint', { code: true, minWidth: 140 }),
      textColumn(t('apiKeys.holder'), 'username', { minWidth: 100, hidden: true }),
      statusColumn(
        t('apiKeys.status'),
        'status',
        {
          active: { text: t('apiKeys.status.active'), color: 'success' },
          disabled: { text: t('apiKeys.status.disabled'), color: 'default' },
          expired: { text: t('apiKeys.status.expired'), color: 'warning' },
        },
        { filter: true, width: 110 },
      ),
      {
        title: t('apiKeys.spent'),
        dataIndex: 'credits_used',
        key: 'credits_used',
        sorter: true,
        align: 'right',
        width: 140,
        render: (_: ReactNode, r: ApiKeyRow) => (
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>
            {r.credits_used.toLocaleString()}
            {r.credit_cap_total !== null ? ` / ${num(r.credit_cap_total)}` : ''}
            {r.credit_cap_daily !== null ? (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {t('apiKeys.capDaily')}: {num(r.credit_cap_daily)}
              </Typography.Text>
            ) : null}
          </span>
        ),
      },
      {
        title: t('apiKeys.models'),
        dataIndex: 'models',
        key: 'models',
        width: 160,
        hiddenByDefault: true,
        render: (_: ReactNode, r: ApiKeyRow) => (r.models.length ? r.models.map((id) => modelName.get(id) ?? id).join(', ') : t('apiKeys.allModels')),
      },
      {
        title: t('apiKeys.ipAllow'),
        dataIndex: 'ip_allow',
        key: 'ip_allow',
        width: 150,
        hiddenByDefault: true,
        render: (_: ReactNode, r: ApiKeyRow) => (r.ip_allow.length ? r.ip_allow.join(', ') : t('apiKeys.anywhere')),
      },
      // an expired key says so in its status: the date itself is one click away in the column settings
      dateColumn<ApiKeyRow>(t, t('apiKeys.expires'), 'expires_at', { sorter: true, hidden: true }),
      dateColumn<ApiKeyRow>(t, t('apiKeys.lastUsed'), 'last_used_at', { sorter: true }),
      dateColumn<ApiKeyRow>(t, t('apiKeys.created'), 'created_at', { sorter: true, defaultSortOrder: 'descend', hidden: true }),
    ],
    [t, modelName],
  );

  const toggle = async (r: ApiKeyRow, ctx: ListContext<ApiKeyRow>) => {
    try {
      await updateApiKey(r.id, { enabled: !r.enabled });
      toast(t(r.enabled ? 'apiKeys.disabledDone' : 'apiKeys.enabledDone'), 'success');
      ctx.reload();
    } catch {
      /* shown by the request layer */
    }
  };

  return (
    <>
      <ResourceList<ApiKeyRow>
        resource={apiKeyResource}
        title="route.apiKeys.list"
        description={t('apiKeys.description')}
        columns={columns}
        searchPlaceholder={t('apiKeys.search')}
        access={{ delete: RULES.apiKeys }}
        exportable={false}
        toolbar={(ctx) => [
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setForm({ editing: null, ctx })}>
            {t('apiKeys.new')}
          </Button>,
          <Button key="usage" icon={<BarChartOutlined />} onClick={() => history.push('/pages/api-keys/usage')}>
            {t('apiKeys.usage')}
          </Button>,
        ]}
        rowActions={(r, ctx) => [
          <Button
            key="edit"
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-label={`${t('apiKeys.edit')} ${r.name}`}
            onClick={() => setForm({ editing: r, ctx })}
          />,
          <Button
            key="toggle"
            type="link"
            size="small"
            icon={r.enabled ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            aria-label={`${t(r.enabled ? 'apiKeys.disable' : 'apiKeys.enable')} ${r.name}`}
            onClick={() => void toggle(r, ctx)}
          />,
          <Button
            key="usage"
            type="link"
            size="small"
            icon={<BarChartOutlined />}
            aria-label={t('apiKeys.usageOf', { name: r.name })}
            onClick={() => history.push(`/pages/api-keys/usage?${new URLSearchParams({ key_id: r.id, key_name: r.name })}`)}
          />,
        ]}
      />
      <KeyForm
        open={!!form}
        editing={form?.editing ?? null}
        models={models.data ?? []}
        onClose={() => setForm(null)}
        onSaved={(_, key) => {
          form?.ctx.reload();
          setForm(null);
          if (key) setMade(key);
        }}
      />
      <MadeKey keyText={made} onClose={() => setMade(null)} />
    </>
  );
}
