/**
 * Table demo (/pages/demo/table/table): the caller's credit ledger on the shared list block
 * (ResourceList over the generated API types): keyword search, a kind filter, a date-range
 * filter, sorting, paging and the xlsx export all happen on the server. Beside it, the code of
 * the table as text (snippet.ts, which a test keeps equal to the code here).
 */
import '../messages';
import { Card, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { dateColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList from '../../../components/admin/ResourceList';
import { Amount, KindTag, ledgerReason } from '../../../components/credits/CreditHistory';
import { creditHistoryResource, LEDGER_KINDS, type LedgerRow } from '../../../services/credits';
import { useT } from '../../../shared/i18n';
import { TABLE_SNIPPET } from './snippet';

// snippet:start -- snippet.ts shows the imports above and this component as text; a test keeps them equal
export function CreditTable() {
  const t = useT();
  const columns = useMemo<ResourceColumn<LedgerRow>[]>(
    () => [
      dateColumn<LedgerRow>(t, t('demo.table.time'), 'created_at', { sorter: true, rangeFilter: true, defaultSortOrder: 'descend' }),
      {
        title: t('demo.table.kind'),
        dataIndex: 'kind',
        filters: LEDGER_KINDS.map((k) => ({ text: t(`credits.kind.${k}`), value: k })),
        render: (_, row) => <KindTag kind={row.kind} t={t} />,
      },
      { title: t('demo.table.amount'), dataIndex: 'amount', sorter: true, align: 'right', render: (_, row) => <Amount value={row.amount} /> },
      { title: t('demo.table.balance'), dataIndex: 'balance_after', align: 'right' },
      { title: t('demo.table.reason'), dataIndex: 'reason', render: (_, row) => ledgerReason(row, t) },
    ],
    [t],
  );
  return (
    <ResourceList<LedgerRow>
      resource={creditHistoryResource}
      columns={columns}
      searchPlaceholder={t('demo.table.search')}
      pageSizes={[20, 50, 100]}
      access={{}}
    />
  );
}
// snippet:end

export default function TableDemo() {
  const t = useT();
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('demo.table.intro')}
        </Typography.Paragraph>
      </div>
      <CreditTable />
      <Card title={t('demo.table.code')} size="small">
        <Typography.Paragraph type="secondary">{t('demo.table.codeHint')}</Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: TABLE_SNIPPET }} style={{ marginBottom: 0 }}>
          <pre data-testid="table-snippet" style={{ margin: 0, maxHeight: 420, overflow: 'auto', whiteSpace: 'pre', fontSize: 12 }}>
            {TABLE_SNIPPET}
          </pre>
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
