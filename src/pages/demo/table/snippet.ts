/**
 * The code the table demo shows: the imports and the table component of table.tsx, as text
 * (tests/components/demo-catalogue.test.tsx checks that table.tsx holds exactly this code).
 */
export const TABLE_SNIPPET = `import { useMemo } from 'react';
import { dateColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList from '../../../components/admin/ResourceList';
import { Amount, KindTag, ledgerReason } from '../../../components/credits/CreditHistory';
import { creditHistoryResource, LEDGER_KINDS, type LedgerRow } from '../../../services/credits';
import { useT } from '../../../shared/i18n';

export function CreditTable() {
  const t = useT();
  const columns = useMemo<ResourceColumn<LedgerRow>[]>(
    () => [
      dateColumn<LedgerRow>(t, t('demo.table.time'), 'created_at', { sorter: true, rangeFilter: true, defaultSortOrder: 'descend' }),
      {
        title: t('demo.table.kind'),
        dataIndex: 'kind',
        filters: LEDGER_KINDS.map((k) => ({ text: t(\`credits.kind.\${k}\`), value: k })),
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
`;
