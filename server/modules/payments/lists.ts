/** The payments' lists: a user's own orders, every order (finance), the packages. */
import { sql } from 'drizzle-orm';
import type { ListSpec } from '../../core/list/query';

export const ORDER_COLUMNS = sql`o.order_no, o.user_id, o.provider, o.method, o.package_id, o.subject, o.amount_cents, o.credits, o.status,
  o.trade_no, o.qr_code, o.pay_url, o.return_to, o.platform, o.refunded_cents, o.refunded_credits, o.expires_at, o.paid_at,
  o.credited_at, o.closed_at, o.created_at`;

/** a user's own orders */
export const myOrderList: ListSpec = {
  resource: 'my-pay-orders',
  from: sql`pay_orders o`,
  alias: 'o',
  columns: ORDER_COLUMNS,
  search: [sql`o.order_no`, sql`o.subject`],
  filters: {
    status: { kind: 'eq', column: sql`o.status` },
    provider: { kind: 'eq', column: sql`o.provider` },
    created_at: { kind: 'range', column: sql`o.created_at` },
  },
  sorts: { created_at: sql`o.created_at`, amount_cents: sql`o.amount_cents` },
  defaultSort: { field: 'created_at', order: 'descend' },
  tiebreak: sql`o.order_no`,
  exportColumns: [
    { key: 'order_no', width: 28 },
    { key: 'created_at', date: true, width: 20 },
    { key: 'subject', width: 30 },
    { key: 'amount_cents', width: 12 },
    { key: 'credits', width: 12 },
    { key: 'status', width: 12 },
    { key: 'provider', width: 10 },
    { key: 'paid_at', date: true, width: 20 },
    { key: 'refunded_cents', width: 12 },
  ],
};
export const ownOrders = (userId: string) => sql`o.user_id = ${userId}`;

/** every order, with the account's names (MANAGE_FINANCE) */
export const orderList: ListSpec = {
  ...myOrderList,
  resource: 'pay-orders',
  from: sql`pay_orders o LEFT JOIN users u ON u.id = o.user_id`,
  alias: undefined,
  columns: sql`${ORDER_COLUMNS}, u.username, u.nickname`,
  search: [sql`o.order_no`, sql`o.trade_no`, sql`u.username`, sql`u.nickname`, sql`o.subject`],
  filters: {
    ...myOrderList.filters,
    method: { kind: 'eq', column: sql`o.method` },
    user_id: { kind: 'eq', column: sql`o.user_id` },
    paid_at: { kind: 'range', column: sql`o.paid_at` },
  },
  exportColumns: [myOrderList.exportColumns[0], { key: 'username', width: 20 }, { key: 'trade_no', width: 32 }, ...myOrderList.exportColumns.slice(1)],
};

export const packageList: ListSpec = {
  resource: 'pay-packages',
  from: sql`pay_packages p`,
  alias: 'p',
  columns: sql`p.id, p.name, p.price_cents, p.credits, p.bonus_credits, p.sort, p.enabled, p.created_at, p.updated_at,
    (SELECT count(*)::int FROM pay_orders o WHERE o.package_id = p.id AND o.status IN ('credited', 'refunded')) AS sold`,
  search: [sql`p.name`],
  filters: { enabled: { kind: 'eq', column: sql`p.enabled`, type: 'bool' } },
  sorts: { sort: sql`p.sort`, price_cents: sql`p.price_cents`, created_at: sql`p.created_at` },
  defaultSort: { field: 'sort', order: 'ascend' },
  tiebreak: sql`p.id`,
  exportColumns: [
    { key: 'name', width: 24 },
    { key: 'price_cents', width: 12 },
    { key: 'credits', width: 12 },
    { key: 'bonus_credits', width: 12 },
    { key: 'enabled', width: 10 },
    { key: 'sold', width: 10 },
  ],
};
