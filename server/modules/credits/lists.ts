/** The ledger's lists: a user's own history, every entry (finance), and the columns they share. */
import { sql } from 'drizzle-orm';
import type { ListSpec } from '../../core/list/query';

export const ledgerColumns = sql`l.id::text AS id, l.user_id, l.kind, l.amount, l.balance_after, l.reason, l.ref_type,
  l.ref_id, l.created_at`;

/** a user's own entries (scoped to the caller by the route) */
export const historyList: ListSpec = {
  resource: 'credit-history',
  from: sql`credit_ledger l`,
  alias: 'l',
  columns: ledgerColumns,
  search: [sql`l.reason`],
  filters: {
    kind: { kind: 'eq', column: sql`l.kind` },
    created_at: { kind: 'range', column: sql`l.created_at` },
  },
  sorts: { created_at: sql`l.created_at`, amount: sql`l.amount` },
  defaultSort: { field: 'created_at', order: 'descend' },
  tiebreak: sql`l.id`,
  exportColumns: [
    { key: 'created_at', date: true, width: 20 },
    { key: 'kind', width: 12 },
    { key: 'amount', width: 12 },
    { key: 'balance_after', width: 14 },
    { key: 'reason', width: 40 },
    { key: 'ref_type', width: 12 },
    { key: 'ref_id', width: 38 },
  ],
};

/** the history's scope: the caller's own entries */
export const ownEntries = (userId: string) => sql`l.user_id = ${userId}`;

/** every entry, with the account's names (admins) */
export const ledgerList: ListSpec = {
  ...historyList,
  resource: 'credit-ledger',
  from: sql`credit_ledger l LEFT JOIN users u ON u.id = l.user_id`,
  alias: undefined,
  columns: sql`${ledgerColumns}, u.username, u.nickname, l.actor_id`,
  search: [sql`u.username`, sql`u.nickname`, sql`l.reason`, sql`l.ref_id`],
  filters: { ...historyList.filters, user_id: { kind: 'eq', column: sql`l.user_id` } },
  exportColumns: [historyList.exportColumns[0], { key: 'username', width: 20 }, ...historyList.exportColumns.slice(1)],
};
