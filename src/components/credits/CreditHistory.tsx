/**
 * The signed-in user's credit history: every ledger entry (time, kind, change, balance after,
 * reference) on the shared list block, so it pages, filters (kind, date range), sorts (time,
 * change), searches the reason and exports xlsx on the server. Shown from the home card; made
 * to sit in any drawer or modal (the chat page may show it too).
 */
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { dateColumn, type ResourceColumn } from '../admin/columns';
import ResourceList from '../admin/ResourceList';
import { creditHistoryResource, LEDGER_KINDS, type LedgerRow } from '../../services/credits';
import { useT, type Translate } from '../../shared/i18n';
import { builtInReasonOf } from '../../../shared/ledger-reasons';
import { hasCreditsKey } from './i18n';

/** the catalogue's words for a reason the server writes itself, by reference type */
const BUILT_IN_REASON_KEYS: Record<string, string> = { register: 'credits.reason.register' };

const KIND_COLORS: Record<string, string> = {
  grant: 'green',
  hold: 'orange',
  capture: 'volcano',
  release: 'blue',
  topup: 'green',
  refund: 'cyan',
  withdrawal: 'magenta',
  adjustment: 'purple',
};

/** a ledger kind as a coloured tag, its meaning on hover */
export function KindTag({ kind, t }: { kind: string; t: Translate }) {
  const known = hasCreditsKey(`credits.kind.${kind}`);
  return (
    <Tooltip title={known ? t(`credits.kindHint.${kind}`) : undefined}>
      <Tag color={KIND_COLORS[kind]} style={{ marginInlineEnd: 0 }}>
        {known ? t(`credits.kind.${kind}`) : kind}
      </Tag>
    </Tooltip>
  );
}

/** a change of credits: + green for credits in, - red for credits out */
export function Amount({ value }: { value: number }) {
  return (
    <Typography.Text type={value > 0 ? 'success' : value < 0 ? 'danger' : undefined} strong style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value > 0 ? `+${value}` : String(value)}
    </Typography.Text>
  );
}

/** an entry's reason: one the server wrote in the reader's language, an admin's as typed */
export function ledgerReason(row: { reason?: string | null; ref_type?: string | null }, t: Translate): string {
  const builtIn = builtInReasonOf(row.ref_type, row.reason);
  const key = builtIn ? BUILT_IN_REASON_KEYS[builtIn] : undefined;
  return key ? t(key) : (row.reason ?? '');
}

export function useHistoryColumns(): ResourceColumn<LedgerRow>[] {
  const t = useT();
  return useMemo(
    () => [
      dateColumn<LedgerRow>(t, t('credits.history.time'), 'created_at', { sorter: true, rangeFilter: true, defaultSortOrder: 'descend' }),
      {
        title: t('credits.history.kind'),
        dataIndex: 'kind',
        key: 'kind',
        width: 120,
        filters: LEDGER_KINDS.map((k) => ({ text: t(`credits.kind.${k}`), value: k })),
        render: (_: ReactNode, r: LedgerRow) => <KindTag kind={r.kind} t={t} />,
      },
      {
        title: t('credits.history.amount'),
        dataIndex: 'amount',
        key: 'amount',
        width: 110,
        align: 'right',
        sorter: true,
        render: (_: ReactNode, r: LedgerRow) => <Amount value={r.amount} />,
      },
      {
        title: t('credits.history.balanceAfter'),
        dataIndex: 'balance_after',
        key: 'balance_after',
        width: 120,
        align: 'right',
        render: (_: ReactNode, r: LedgerRow) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{r.balance_after}</span>,
      },
      {
        title: t('credits.history.reference'),
        dataIndex: 'reason',
        key: 'reason',
        render: (_: ReactNode, r: LedgerRow) => (
          <Flex gap={6} align="center" wrap="wrap">
            {r.ref_type ? (
              <Typography.Text type="secondary">{hasCreditsKey(`credits.ref.${r.ref_type}`) ? t(`credits.ref.${r.ref_type}`) : r.ref_type}</Typography.Text>
            ) : null}
            {r.reason ? <span>{ledgerReason(r, t)}</span> : null}
            {!r.ref_type && !r.reason ? '-' : null}
          </Flex>
        ),
      },
    ],
    [t],
  );
}

export default function CreditHistory() {
  const t = useT();
  const columns = useHistoryColumns();
  return (
    <ResourceList<LedgerRow>
      resource={creditHistoryResource}
      columns={columns}
      searchPlaceholder={t('credits.history.search')}
      description={t('credits.history.explain')}
      access={{}}
    />
  );
}
