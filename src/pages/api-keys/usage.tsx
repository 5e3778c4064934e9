/**
 * API key usage (/pages/api-keys/usage, USE_API_KEYS; admins see everyone's): each key's requests,
 * failed calls, tokens and credits by day and model, sorted, searched and exported (xlsx) on the
 * server; `?key_id=&key_name=` narrows it to one key. Its place in the menu is the keys list's.
 */
import './i18n';
import { KeyOutlined } from '@ant-design/icons';
import { history, useSearchParams } from '@umijs/max';
import { Button, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { numberColumn, textColumn, type ResourceColumn } from '../../components/admin/columns';
import ResourceList, { type PresetFilter } from '../../components/admin/ResourceList';
import { apiKeyUsageResource, type ApiKeyUsageRow } from '../../services/credits';
import { useT } from '../../shared/i18n';

export default function ApiKeyUsage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const keyId = params.get('key_id');
  const presets: PresetFilter[] = keyId
    ? [{ field: 'key_id', values: [keyId], label: t('apiKeys.usage.keyFilter', { name: params.get('key_name') ?? keyId }) }]
    : [];
  const columns = useMemo<ResourceColumn<ApiKeyUsageRow>[]>(
    () => [
      { title: t('apiKeys.usage.day'), dataIndex: 'day', key: 'day', sorter: true, defaultSortOrder: 'descend', width: 110 },
      {
        title: t('apiKeys.name'),
        dataIndex: 'key_name',
        key: 'key_name',
        render: (_: ReactNode, r: ApiKeyUsageRow) => (
          <Typography.Text ellipsis={{ tooltip: `${r.key_name} (${r.key_hint})` }} style={{ maxWidth: '100%' }}>
            {r.key_name}
          </Typography.Text>
        ),
      },
      textColumn(t('apiKeys.holder'), 'username', { minWidth: 100, hidden: true }),
      textColumn(t('apiKeys.usage.model'), 'model_name', { minWidth: 120 }),
      numberColumn<ApiKeyUsageRow>(t('apiKeys.usage.requests'), 'requests', { width: 110 }),
      numberColumn<ApiKeyUsageRow>(t('apiKeys.usage.errors'), 'errors', { width: 80 }),
      numberColumn<ApiKeyUsageRow>(t('apiKeys.usage.input'), 'input_tokens', { width: 110 }),
      numberColumn<ApiKeyUsageRow>(t('apiKeys.usage.output'), 'output_tokens', { width: 110 }),
      numberColumn<ApiKeyUsageRow>(t('apiKeys.usage.credits'), 'credits', { width: 100 }),
    ],
    [t],
  );
  return (
    <ResourceList<ApiKeyUsageRow>
      resource={apiKeyUsageResource}
      title="route.apiKeys.usage"
      description={t('apiKeys.usage.description')}
      columns={columns}
      searchPlaceholder={t('apiKeys.usage.search')}
      access={{}}
      presetFilters={presets}
      onClearPresets={() => setParams({})}
      toolbar={() => [
        <Button key="keys" icon={<KeyOutlined />} onClick={() => history.push('/pages/api-keys/list')}>
          {t('apiKeys.usage.keys')}
        </Button>,
      ]}
    />
  );
}
