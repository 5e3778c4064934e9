/** Top-up packages (finance): price, credits, bonus, order, on/off (switched in place), sold; add / edit in a modal, delete after a confirmation. */
import '../i18n';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Switch, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { RULES } from '../../../../shared/permissions';
import { dateColumn, textColumn, type ResourceColumn } from '../../admin/columns';
import ResourceList, { type ListContext } from '../../admin/ResourceList';
import { yuan } from '../labels';
import PackageModal from '../PackageModal';
import { packageResource, type PackageRow } from '../../../services/pay';
import { showRequestError } from '../../../services/request-layer';
import { noticeModal, toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';

export default function FinancePackages() {
  const t = useT();
  const [editing, setEditing] = useState<PackageRow | 'new' | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const ctxRef = useRef<ListContext<PackageRow> | null>(null);

  const toggle = async (r: PackageRow, enabled: boolean) => {
    setSwitching(r.id);
    try {
      await packageResource.update(r.id, { enabled });
      ctxRef.current?.reload();
    } catch (e) {
      showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
    } finally {
      setSwitching(null);
    }
  };

  const columns = useMemo<ResourceColumn<PackageRow>[]>(
    () => [
      textColumn(t('pay.packages.name'), 'name'),
      { title: t('pay.packages.price'), dataIndex: 'price_cents', key: 'price_cents', sorter: true, width: 110, render: (_, r) => yuan(r.price_cents) },
      { title: t('pay.packages.credits'), dataIndex: 'credits', key: 'credits', width: 110, render: (_, r) => r.credits },
      {
        title: t('pay.packages.bonus'),
        dataIndex: 'bonus_credits',
        key: 'bonus_credits',
        width: 110,
        render: (_, r) => (r.bonus_credits ? `+${r.bonus_credits}` : '-'),
      },
      { title: t('pay.packages.sort'), dataIndex: 'sort', key: 'sort', sorter: true, width: 90, render: (_, r) => r.sort },
      {
        title: t('pay.packages.enabled'),
        dataIndex: 'enabled',
        key: 'enabled',
        width: 100,
        filters: [
          { text: t('system.yes'), value: 'true' },
          { text: t('system.no'), value: 'false' },
        ],
        render: (_, r) => (
          <Switch
            size="small"
            checked={r.enabled}
            loading={switching === r.id}
            aria-label={`${t('pay.packages.enabled')} ${r.name}`}
            onChange={(v) => void toggle(r, v)}
          />
        ),
      },
      { title: t('pay.packages.sold'), dataIndex: 'sold', key: 'sold', width: 90, render: (_, r) => r.sold },
      dateColumn(t, t('pay.field.createdAt'), 'created_at', { sorter: true }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, switching],
  );

  return (
    <>
      <ResourceList<PackageRow>
        resource={packageResource}
        title="route.finance.packages"
        columns={columns}
        searchPlaceholder={t('pay.packages.search')}
        access={{ delete: RULES.manageFinance }}
        actionsWidth={160}
        toolbar={(ctx) => {
          ctxRef.current = ctx;
          return [
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('pay.packages.add')}
            </Button>,
          ];
        }}
        rowActions={(r) => [
          <Typography.Link key="edit" onClick={() => setEditing(r)} aria-label={`${t('pay.packages.edit')} ${r.name}`}>
            <EditOutlined /> {t('pay.packages.edit')}
          </Typography.Link>,
        ]}
      />
      <PackageModal
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          ctxRef.current?.reload();
        }}
      />
    </>
  );
}
