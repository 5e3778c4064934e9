/**
 * AI models: name, protocol, provider model, prices, enabled (switched in place), roles, order.
 * Row actions: Test (the stored model, result in a dialog), Channels (the providers behind it, with
 * their health), Edit, Delete (after a confirmation).
 */
import { ApiOutlined, ClusterOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { AI_PROTOCOLS } from '../../../shared/ai-models';
import { CellTag, CellText, statusColumn, tagsColumn, textColumn, type ResourceColumn } from '../../components/admin/columns';
import ResourceList from '../../components/admin/ResourceList';
import { useCan } from '../../components/admin/access';
import { aiModelResource, type AiModelRow, testStoredModel } from '../../services/ai';
import { showRequestError } from '../../services/request-layer';
import { withQuery } from '../../services/query-string';
import { noticeModal, toast } from '../../shared/feedback';
import { builtInText, useT } from '../../shared/i18n';
import { SPEC } from '../../shared/spec';
import { ACCESS } from './AiModelForm';
import ChannelsDrawer from './Channels';
import './i18n';
import TestOutcome, { type Outcome } from './TestOutcome';

/** the enabled switch of a row: saved at once, the list reloaded after */
function EnabledSwitch({ row, reload, label }: { row: AiModelRow; reload: () => void; label: string }) {
  const t = useT();
  const can = useCan();
  const [saving, setSaving] = useState(false);
  const toggle = async (enabled: boolean) => {
    setSaving(true);
    try {
      await aiModelResource.update(row.id, { enabled }, { skipErrorHandler: true });
      toast(t(enabled ? 'ai.list.enabledOn' : 'ai.list.enabledOff', { name: row.name }), 'success');
      reload();
    } catch (e) {
      showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
    } finally {
      setSaving(false);
    }
  };
  return <Switch size="small" checked={row.enabled} loading={saving} disabled={!can(ACCESS.update)} onChange={toggle} aria-label={`${label} ${row.name}`} />;
}

export default function AiModelList() {
  const t = useT();
  const [testing, setTesting] = useState<{ row: AiModelRow; outcome: Outcome | null } | null>(null);
  const [channelsOf, setChannelsOf] = useState<AiModelRow | null>(null);

  const runTest = async (row: AiModelRow) => {
    setTesting({ row, outcome: null });
    try {
      const result = await testStoredModel(row.id, { skipErrorHandler: true });
      setTesting((cur) => (cur?.row.id === row.id ? { row, outcome: { ok: true, result } } : cur));
    } catch (error) {
      setTesting((cur) => (cur?.row.id === row.id ? { row, outcome: { ok: false, error } } : cur));
    }
  };

  const columns = useMemo<ResourceColumn<AiModelRow>[]>(
    () => [
      {
        title: t('ai.field.name'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        minWidth: 140,
        render: (_, r) => (
          <Flex vertical>
            <CellText text={r.name} />
            {r.kind !== 'chat' ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`ai.kind.${r.kind}`)}
              </Typography.Text>
            ) : r.vision ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <EyeOutlined /> {t('ai.list.vision')}
              </Typography.Text>
            ) : null}
          </Flex>
        ),
      },
      statusColumn(
        t('ai.field.protocol'),
        'protocol',
        Object.fromEntries(AI_PROTOCOLS.map((p) => [p, { text: t(`ai.protocol.short.${p}`), color: p === 'openai' ? 'blue' : 'purple' }])),
        { filter: true, width: 120, hidden: true },
      ),
      {
        title: t('ai.field.providerModel'),
        dataIndex: 'provider_model',
        key: 'provider_model',
        sorter: true,
        minWidth: 140,
        render: (_, r) => (
          <Flex vertical gap={2} align="start">
            <CellText code text={r.provider_model} />
            <CellText type="secondary" style={{ fontSize: 12 }} text={r.api_key_masked ? t('ai.list.key', { key: r.api_key_masked }) : t('ai.list.noKey')} />
          </Flex>
        ),
      },
      {
        title: t('ai.list.prices'),
        key: 'input_price',
        dataIndex: 'input_price',
        sorter: true,
        width: 130,
        render: (_, r) => (
          <Flex vertical>
            <CellText text={t('ai.list.priceIn', { price: r.input_price })} />
            <CellText text={t('ai.list.priceOut', { price: r.output_price })} />
          </Flex>
        ),
      },
      {
        title: t('ai.field.enabled'),
        dataIndex: 'enabled',
        key: 'enabled',
        width: 110,
        filters: [
          { text: t('system.yes'), value: 'true' },
          { text: t('system.no'), value: 'false' },
        ],
        render: (_, r, _i, action) => <EnabledSwitch row={r} reload={() => action?.reload()} label={t('ai.field.enabled')} />,
      },
      tagsColumn(t('ai.field.roles'), 'role_names', {
        minWidth: 140,
        color: 'processing',
        label: (v) => builtInText('role', v),
        empty: <CellTag text={t('ai.list.everyone')} />,
      }),
      { ...textColumn(t('ai.field.sort'), 'sort', { sorter: true, width: 80, hidden: true }), render: (_, r) => r.sort },
    ],
    [t],
  );

  return (
    <>
      <ResourceList
        resource={aiModelResource}
        title="route.aiModel.list"
        description={t('ai.list.description')}
        columns={columns}
        searchPlaceholder={t('ai.list.search')}
        access={ACCESS}
        addPath="/pages/ai-model/add"
        editPath={(r) => withQuery('/pages/ai-model/edit', { id: r.id })}
        rowActions={(r) => [
          <Button
            key="test"
            type="link"
            size="small"
            style={{ padding: 0 }}
            icon={<ApiOutlined />}
            onClick={() => runTest(r)}
            aria-label={`${t('ai.test.short')} ${r.name}`}
          >
            {t('ai.test.short')}
          </Button>,
          <Button
            key="channels"
            type="link"
            size="small"
            style={{ padding: 0 }}
            icon={<ClusterOutlined />}
            onClick={() => setChannelsOf(r)}
            aria-label={`${t('ai.channels.open')} ${r.name}`}
          />,
        ]}
        actionsWidth={220}
      />
      <ChannelsDrawer model={channelsOf} onClose={() => setChannelsOf(null)} />
      <Modal
        open={!!testing}
        title={testing ? t('ai.test.title', { name: testing.row.name }) : ''}
        onCancel={() => setTesting(null)}
        footer={<Button onClick={() => setTesting(null)}>{t('ai.test.close')}</Button>}
        destroyOnClose
      >
        {testing?.outcome ? <TestOutcome outcome={testing.outcome} /> : <Typography.Text type="secondary">{t('ai.test.running')}</Typography.Text>}
      </Modal>
    </>
  );
}
