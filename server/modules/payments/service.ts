/**
 * Top-up payments (pay_packages, pay_orders, pay_notifications, pay_refunds): orders for a package
 * or a custom amount paid through a provider, crediting once, the re-query and expiry job, refunds.
 *
 * Crediting is one transaction: the order row is locked, the trade must be the provider's answer
 * for this order (app id / merchant, paid, exactly the order's amount), the order must not be
 * credited yet; then it is marked and the credits are posted to the ledger with the key
 * `topup:<order no>`. Duplicates, replays and a notification racing the re-query job all meet the
 * same lock and the same key: at most one credit.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RULES, hasPermission } from '../../../shared/permissions';
import { formatCents } from '../../../shared/money';
import { cutText } from '../../../shared/text';
import type { Config } from '../../config';
import type { AuthUser } from '../../core/auth';
import { AppError } from '../../core/errors';
import type { ListSpec } from '../../core/list/query';
import { clean, fetchRow } from '../../core/resource';
import type { SettingsArea, SettingsStore } from '../../core/settings';
import { deleteByIds, plain, query, type Row, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { CreditService } from '../credits/service';
import {
  NotificationRejected,
  PAY_METHODS,
  type NotificationInput,
  type PaymentProvider,
  type PayMethod,
  ProviderCallError,
  type ProviderName,
  type TradeState,
} from './provider';
import type { PayNotificationRow, PayRefundWithActorRow } from './schemas';
import { PayStats } from './stats';
import { LOCKS } from '../../core/locks';
import { creditsForCents, PROVIDER_OF } from '../../../shared/pay';

export interface PaySettings {
  /** a custom amount besides the packages */
  custom_enabled: boolean;
  custom_min_cents: number;
  custom_max_cents: number;
  /** credits a custom amount buys per yuan */
  credits_per_yuan: number;
  /** how long an order may be paid */
  order_ttl_minutes: number;
}

const MAX_CENTS = 100_000_000; // one million yuan

export const PAY_SETTINGS: SettingsArea<PaySettings> = {
  key: 'settings.payments',
  defaults: { custom_enabled: true, custom_min_cents: 100, custom_max_cents: 500_000, credits_per_yuan: 100, order_ttl_minutes: 30 },
  check(v) {
    const bad = (field: string, reason: string) => new AppError('INVALID_PARAM', { field, params: { reason } });
    if (!Number.isSafeInteger(v.custom_min_cents) || v.custom_min_cents < 1) throw bad('custom_min_cents', 'at least 1 cent');
    if (!Number.isSafeInteger(v.custom_max_cents) || v.custom_max_cents > MAX_CENTS) throw bad('custom_max_cents', `at most ${MAX_CENTS} cents`);
    if (v.custom_max_cents < v.custom_min_cents) throw bad('custom_max_cents', 'not below the minimum');
    if (!Number.isSafeInteger(v.credits_per_yuan) || v.credits_per_yuan < 1 || v.credits_per_yuan > 1_000_000) throw bad('credits_per_yuan', '1 to 1000000');
    if (!Number.isSafeInteger(v.order_ttl_minutes) || v.order_ttl_minutes < 5 || v.order_ttl_minutes > 24 * 60) throw bad('order_ttl_minutes', '5 to 1440 minutes');
  },
};

/** the page a payment returns to when it names none */
export const DEFAULT_RETURN = '/pages/expense/recharge/recharge';
/** the result page (spec: uni-pay success) */
export const SUCCESS_PAGE = '/uni_modules/uni-pay/pages/success/success';


/** the job asks about an order at most this often, and not before it is this old (the notification usually comes first) */
const REQUERY_EVERY_S = 30;
const REQUERY_AFTER_S = 20;
/** a page following its order asks the provider itself at most this often */
const POLL_QUERY_EVERY_S = 5;

export type Outcome = 'credited' | 'duplicate' | 'not_paid' | 'amount_mismatch' | 'app_mismatch' | 'unknown_order';

export interface MethodState {
  method: PayMethod;
  provider: ProviderName;
  enabled: boolean;
  /** why not: not_configured (the provider's environment variables are missing) or no_public_url */
  reason: 'not_configured' | 'no_public_url' | null;
}

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

export interface PackageInput {
  name?: string;
  price_cents?: number;
  credits?: number;
  bonus_credits?: number;
  sort?: number;
  enabled?: boolean;
}

export interface OrderInput {
  package_id?: string;
  amount_cents?: number;
  method: string;
  return_to?: string;
  platform?: string;
  channel?: string;
}

/** P + UTC yyyyMMddHHmmss + 10 random digits: 25 characters (Alipay allows 64, WeChat Pay 32) */
export function newOrderNo(prefix = 'P', at = new Date()): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14);
  const rand = String(randomInt(0, 1e10)).padStart(10, '0');
  return `${prefix}${stamp}${rand}`;
}

/** a console path (hash route) to come back to; never another site */
function returnPathOf(v: string | undefined): string {
  const s = v?.trim();
  if (!s) return DEFAULT_RETURN;
  if (!s.startsWith('/') || s.startsWith('//') || s.includes('\\') || s.length > 500) throw new AppError('REDIRECT_INVALID', { field: 'return_to' });
  return s;
}

export class PaymentService {
  readonly providers = new Map<ProviderName, PaymentProvider>();
  /** the usage statistics' pay-order figures (the stats pages read the orders through here) */
  readonly stats: PayStats;

  constructor(
    private db: Db,
    private config: Pick<Config, 'publicUrl'>,
    private credits: CreditService,
    private settings: SettingsStore,
    providers: PaymentProvider[],
    private log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
  ) {
    for (const p of providers) this.providers.set(p.name, p);
    this.stats = new PayStats(db, { orderList, orderColumns: ORDER_COLUMNS });
  }

  methods(): MethodState[] {
    return PAY_METHODS.map((method) => {
      const provider = PROVIDER_OF[method];
      const configured = this.providers.get(provider)?.methods.includes(method) ?? false;
      const reason = !configured ? 'not_configured' : !this.config.publicUrl ? 'no_public_url' : null;
      return { method, provider, enabled: reason === null, reason };
    });
  }

  getSettings() {
    return this.settings.get(PAY_SETTINGS);
  }

  putSettings(patch: Partial<PaySettings>) {
    return this.settings.put(PAY_SETTINGS, patch);
  }

  /** what the top-up page offers: methods, enabled packages, the custom amount's rules */
  async options() {
    const [packages, s] = await Promise.all([
      query(this.db, sql`SELECT id, name, price_cents, credits, bonus_credits FROM pay_packages WHERE enabled ORDER BY sort, price_cents, id`),
      this.getSettings(),
    ]);
    return {
      methods: this.methods(),
      packages,
      custom: { enabled: s.custom_enabled, min_cents: s.custom_min_cents, max_cents: s.custom_max_cents, credits_per_yuan: s.credits_per_yuan },
    };
  }

  // ------------------------------------------------------------------------------------------
  // packages

  getPackage(id: string) {
    return fetchRow(this.db, packageList, sql`p.id`, id);
  }

  private packageValues(input: PackageInput, partial: boolean) {
    const bad = (field: string, reason: string) => new AppError('INVALID_PARAM', { field, params: { reason } });
    const v: Record<string, unknown> = {};
    if (input.name !== undefined || !partial) {
      const name = clean(input.name);
      if (!name) throw bad('name', 'required');
      v.name = name;
    }
    for (const [field, min, max, required] of [
      ['price_cents', 1, MAX_CENTS, true],
      ['credits', 1, 1_000_000_000, true],
      ['bonus_credits', 0, 1_000_000_000, false],
      ['sort', -1_000_000, 1_000_000, false],
    ] as const) {
      const x = input[field];
      if (x === undefined) {
        if (required && !partial) throw bad(field, 'required');
        continue;
      }
      if (!Number.isSafeInteger(x) || x < min || x > max) throw bad(field, `a whole number from ${min} to ${max}`);
      v[field] = x;
    }
    if (input.enabled !== undefined) v.enabled = input.enabled;
    return v;
  }

  async createPackage(input: PackageInput): Promise<Row> {
    const v = this.packageValues(input, false);
    const [row] = await query<{ id: string }>(
      this.db,
      sql`INSERT INTO pay_packages (name, price_cents, credits, bonus_credits, sort, enabled)
        VALUES (${v.name}, ${v.price_cents}, ${v.credits}, ${v.bonus_credits ?? 0}, ${v.sort ?? 0}, ${v.enabled ?? true}) RETURNING id`,
    );
    return this.getPackage(row.id);
  }

  async updatePackage(id: string, input: PackageInput): Promise<Row> {
    await this.getPackage(id);
    const v = this.packageValues(input, true);
    const sets = Object.entries(v).map(([k, x]) => sql`${sql.identifier(k)} = ${x}`);
    if (sets.length) await this.db.execute(sql`UPDATE pay_packages SET ${sql.join(sets, sql`, `)}, updated_at = now() WHERE id = ${id}`);
    return this.getPackage(id);
  }

  /** orders keep their package id as history; a deleted package is no longer offered */
  deletePackages(ids: string[]) {
    return deleteByIds(this.db, sql`pay_packages`, sql`id`, ids);
  }

  // ------------------------------------------------------------------------------------------
  // orders

  private notifyUrl(provider: ProviderName) {
    return `${this.config.publicUrl}/api/pay/notify/${provider}`;
  }

  /** the provider sends the browser here after computer-website pay; it redirects to the result page */
  private returnUrl(orderNo: string) {
    return `${this.config.publicUrl}/api/pay/return/${orderNo}`;
  }

  async createOrder(user: { uid: string }, input: OrderInput, clientIp: string): Promise<Row> {
    const method = input.method as PayMethod;
    if (!PAY_METHODS.includes(method)) throw new AppError('INVALID_PARAM', { field: 'method', params: { reason: `one of ${PAY_METHODS.join(', ')}` } });
    const state = this.methods().find((m) => m.method === method)!;
    if (!state.enabled) throw new AppError('PAY_METHOD_UNAVAILABLE', { field: 'method', params: { reason: state.reason! } });
    const provider = this.providers.get(state.provider)!;
    const returnTo = returnPathOf(input.return_to);
    if ((input.package_id === undefined) === (input.amount_cents === undefined)) {
      throw new AppError('INVALID_PARAM', { field: 'package_id', params: { reason: 'a package or an amount, one of the two' } });
    }
    const s = await this.getSettings();
    let amountCents: number;
    let credits: number;
    let subject: string;
    let packageId: string | null = null;
    if (input.package_id !== undefined) {
      const [p] = await query<{ id: string; name: string; price_cents: number; credits: number; bonus_credits: number }>(
        this.db,
        sql`SELECT id, name, price_cents, credits, bonus_credits FROM pay_packages WHERE id = ${input.package_id} AND enabled`,
      );
      if (!p) throw new AppError('PACKAGE_NOT_AVAILABLE', { field: 'package_id' });
      amountCents = p.price_cents;
      credits = p.credits + p.bonus_credits;
      subject = `${p.name} (${credits} credits)`;
      packageId = p.id;
    } else {
      amountCents = input.amount_cents!;
      if (!s.custom_enabled) throw new AppError('PACKAGE_NOT_AVAILABLE', { field: 'amount_cents' });
      if (!Number.isSafeInteger(amountCents) || amountCents < s.custom_min_cents || amountCents > s.custom_max_cents) {
        throw new AppError('PAY_AMOUNT_INVALID', { field: 'amount_cents', params: { min: formatCents(s.custom_min_cents), max: formatCents(s.custom_max_cents) } });
      }
      // integer arithmetic: credits per yuan x cents / 100, rounded down
      credits = creditsForCents(amountCents, s.credits_per_yuan);
      subject = `${credits} credits`;
    }
    const orderNo = newOrderNo();
    const expiresAt = new Date(Date.now() + s.order_ttl_minutes * 60_000);
    await this.db.execute(sql`INSERT INTO pay_orders (order_no, user_id, provider, method, package_id, subject, amount_cents, credits, return_to,
        platform, channel, client_ip, expires_at)
      VALUES (${orderNo}, ${user.uid}, ${provider.name}, ${method}, ${packageId}, ${subject}, ${amountCents}, ${credits}, ${returnTo},
        ${cutText(input.platform ?? '', 32) || 'web'}, ${cutText(input.channel ?? '', 64) || null}, ${clientIp}, ${expiresAt.toISOString()})`);
    try {
      const made = await provider.create({
        orderNo,
        amountCents,
        subject,
        method,
        notifyUrl: this.notifyUrl(provider.name),
        returnUrl: this.returnUrl(orderNo),
        expiresAt,
        clientIp,
      });
      await this.db.execute(sql`UPDATE pay_orders SET qr_code = ${made.qrCode ?? null}, pay_url = ${made.payUrl ?? null}, updated_at = now() WHERE order_no = ${orderNo}`);
    } catch (e) {
      await this.db.execute(sql`UPDATE pay_orders SET status = 'failed', closed_at = now(), updated_at = now() WHERE order_no = ${orderNo}`);
      throw providerError(e);
    }
    return this.order(orderNo);
  }

  async order(orderNo: string, tx: Db | Tx = this.db): Promise<Row> {
    const [o] = await query(tx, sql`SELECT ${ORDER_COLUMNS} FROM pay_orders o WHERE o.order_no = ${orderNo}`);
    if (!o) throw new AppError('NOT_FOUND', { field: 'order_no' });
    return o;
  }

  /** the caller's order (MANAGE_FINANCE: any); others' orders do not exist for them */
  async visibleOrder(caller: AuthUser, orderNo: string): Promise<Row> {
    const o = await this.order(orderNo);
    if (o.user_id !== caller.uid && !hasPermission(caller, RULES.manageFinance)) throw new AppError('NOT_FOUND', { field: 'order_no' });
    return o;
  }

  /**
   * What the page following an order reads: the order and, once credited, the balance. An order
   * still open asks the provider itself (at most every few seconds), so a lost notification does
   * not keep the user waiting for the job.
   */
  async follow(caller: AuthUser, orderNo: string): Promise<Row & { balance: number | null }> {
    let o = await this.visibleOrder(caller, orderNo);
    if (o.status === 'created') {
      const asked = await this.claimQuery(orderNo, POLL_QUERY_EVERY_S);
      if (asked) {
        await this.reconcileOrder(orderNo).catch((e: unknown) => this.log.warn({ err: e, orderNo }, 'payment query failed'));
        o = await this.order(orderNo);
      }
    }
    const balance = o.status === 'credited' && o.user_id === caller.uid ? await this.credits.balance(caller.uid) : null;
    return { ...o, balance };
  }

  /** marks the order as asked now when it was not asked within `everyS` seconds; true when this caller may ask */
  private async claimQuery(orderNo: string, everyS: number): Promise<boolean> {
    const rows = await query(
      this.db,
      sql`UPDATE pay_orders SET queried_at = now() WHERE order_no = ${orderNo} AND status = 'created'
        AND (queried_at IS NULL OR queried_at < now() - make_interval(secs => ${everyS})) RETURNING order_no`,
    );
    return rows.length > 0;
  }

  /** the user gives up an open order: closed at the provider (a paid one is credited instead) */
  async closeByUser(caller: AuthUser, orderNo: string): Promise<Row> {
    const o = await this.visibleOrder(caller, orderNo);
    if (o.user_id !== caller.uid) throw new AppError('NOT_FOUND', { field: 'order_no' });
    if (o.status !== 'created') throw new AppError('ORDER_STATE_INVALID', { params: { status: o.status as string } });
    const provider = this.providers.get(o.provider as ProviderName);
    if (provider) {
      const trade = await provider.query(orderNo).catch((e: unknown) => {
        throw providerError(e);
      });
      if (trade.status === 'paid') {
        await this.settlePaid(provider, trade);
        return this.order(orderNo);
      }
      await provider.close(orderNo).catch((e: unknown) => {
        throw providerError(e);
      });
    }
    await this.db.execute(sql`UPDATE pay_orders SET status = 'closed', closed_at = now(), updated_at = now() WHERE order_no = ${orderNo} AND status = 'created'`);
    return this.order(orderNo);
  }

  /**
   * A trade the provider stated (a verified notification or a query's answer): credits the order
   * at most once. One transaction: lock, check, mark, ledger.
   */
  async settlePaid(provider: PaymentProvider, trade: TradeState): Promise<Outcome> {
    return this.db.transaction(async (tx) => {
      const [o] = await query<{ user_id: string; provider: string; status: string; amount_cents: number; credits: number; subject: string }>(
        tx,
        sql`SELECT user_id, provider, status, amount_cents, credits, subject FROM pay_orders WHERE order_no = ${trade.orderNo} FOR UPDATE`,
      );
      if (!o || o.provider !== provider.name) return 'unknown_order';
      if (trade.appId !== provider.appId || (provider.mchId !== undefined && trade.mchId !== provider.mchId)) return 'app_mismatch';
      if (trade.status !== 'paid' && trade.status !== 'refunded') return 'not_paid';
      if (trade.amountCents !== o.amount_cents) return 'amount_mismatch';
      if (o.status === 'credited' || o.status === 'paid' || o.status === 'refunded') return 'duplicate';
      // created, or expired / closed / failed locally while the payer was paying: the money came, so it counts
      const paidAt = trade.paidAt?.toISOString() ?? new Date().toISOString();
      let credited = true;
      try {
        await this.credits.post(tx, {
          userId: o.user_id,
          kind: 'topup',
          amount: o.credits,
          key: `topup:${trade.orderNo}`,
          reason: o.subject,
          refType: 'order',
          refId: trade.orderNo,
        });
      } catch (e) {
        // the account is gone: the order stays paid (a refund is the way back)
        if (!(e instanceof AppError && e.code === 'NOT_FOUND')) throw e;
        credited = false;
      }
      await tx.execute(sql`UPDATE pay_orders SET status = ${credited ? 'credited' : 'paid'}, trade_no = ${trade.tradeNo}, paid_at = ${paidAt},
          credited_at = ${credited ? sql`now()` : null}, updated_at = now()
        WHERE order_no = ${trade.orderNo}`);
      return 'credited';
    });
  }

  /** a notification as received: verified, then settled; every one is recorded with its outcome */
  async handleNotification(name: string, input: NotificationInput, ip: string): Promise<{ status: number; contentType: string; body: string }> {
    const provider = this.providers.get(name as ProviderName);
    if (!provider) throw new AppError('NOT_FOUND', { field: 'provider' });
    let verified;
    try {
      verified = await provider.verifyNotification(input);
    } catch (e) {
      const orderNo = e instanceof NotificationRejected ? e.orderNo : null;
      // bytes no provider sends (a NUL in a field) make it malformed, whatever else failed
      const reason = e instanceof NotificationRejected && !hostile(orderNo) ? e.reason : 'malformed';
      await this.record(provider.name, { orderNo, notifyId: null, verified: false, outcome: reason === 'signature' ? 'forged' : reason, detail: errText(e), ip });
      this.log.warn({ provider: provider.name, orderNo: storable(orderNo, 64), reason, ip }, 'payment notification refused: credits nothing');
      // a body that is not a notification at all is refused as bad input; a forged or undecryptable
      // one gets the provider's own "not accepted"
      if (reason === 'malformed') throw new AppError('INVALID_PARAM', { field: 'body', params: { reason: 'not a payment notification' } });
      return provider.ack(false);
    }
    // signed, yet naming what no order can be called: not a notification to settle
    if ([verified.orderNo, verified.notifyId, verified.tradeNo, verified.appId, verified.mchId].some((v) => typeof v === 'string' && hostile(v))) {
      await this.record(provider.name, { orderNo: verified.orderNo, notifyId: verified.notifyId, verified: true, outcome: 'malformed', detail: 'a field holds a NUL character', ip });
      throw new AppError('INVALID_PARAM', { field: 'body', params: { reason: 'not a payment notification' } });
    }
    let outcome: Outcome;
    try {
      outcome = await this.settlePaid(provider, verified);
    } catch (e) {
      await this.record(provider.name, { orderNo: verified.orderNo, notifyId: verified.notifyId, verified: true, outcome: 'error', detail: errText(e), ip });
      // the provider sends it again later
      return provider.ack(false);
    }
    await this.record(provider.name, {
      orderNo: verified.orderNo,
      notifyId: verified.notifyId,
      verified: true,
      outcome,
      detail: outcome === 'amount_mismatch' ? `paid ${verified.amountCents}` : outcome === 'app_mismatch' ? `app ${verified.appId} ${verified.mchId ?? ''}`.trim() : null,
      ip,
    });
    if (outcome === 'amount_mismatch' || outcome === 'app_mismatch' || outcome === 'unknown_order') {
      this.log.warn({ provider: provider.name, orderNo: verified.orderNo, outcome }, 'payment notification not credited');
    }
    // verified and decided: the provider need not send it again
    return provider.ack(true);
  }

  /** every notification's row; what it names is stored as far as PostgreSQL text can hold it */
  private async record(provider: string, n: { orderNo: string | null; notifyId: string | null; verified: boolean; outcome: string; detail: string | null; ip: string }) {
    await this.db.execute(sql`INSERT INTO pay_notifications (provider, order_no, notify_id, verified, outcome, detail, ip)
      VALUES (${provider}, ${storable(n.orderNo, 64)}, ${storable(n.notifyId, 128)}, ${n.verified}, ${n.outcome}, ${storable(n.detail, 500)}, ${n.ip})`);
  }

  /** asks the provider about an open order: paid -> credited; closed there -> closed; past its time -> closed there and expired */
  async reconcileOrder(orderNo: string): Promise<string> {
    const o = await this.order(orderNo);
    if (o.status !== 'created') return o.status as string;
    const provider = this.providers.get(o.provider as ProviderName);
    const expired = new Date(o.expires_at as string).getTime() <= Date.now();
    if (!provider) {
      if (expired) await this.markOpenOrder(orderNo, 'expired');
      return expired ? 'expired' : 'created';
    }
    const trade = await provider.query(orderNo);
    if (trade.status === 'paid') {
      const outcome = await this.settlePaid(provider, trade);
      if (outcome !== 'credited' && outcome !== 'duplicate') this.log.warn({ orderNo, outcome }, 'payment query answer not credited');
      return (await this.order(orderNo)).status as string;
    }
    if (trade.status === 'closed') {
      await this.markOpenOrder(orderNo, expired ? 'expired' : 'closed');
      return expired ? 'expired' : 'closed';
    }
    if (expired) {
      // closed at the provider first, so it cannot be paid after we call it expired
      await provider.close(orderNo);
      await this.markOpenOrder(orderNo, 'expired');
      return 'expired';
    }
    return 'created';
  }

  private async markOpenOrder(orderNo: string, status: 'expired' | 'closed') {
    await this.db.execute(sql`UPDATE pay_orders SET status = ${status}, closed_at = now(), updated_at = now() WHERE order_no = ${orderNo} AND status = 'created'`);
  }

  /**
   * The re-query job: open orders whose notification did not come are asked about (spaced), and
   * those past their time expired. One instance at a time (an advisory lock). Answers how many
   * orders changed.
   */
  async requery(limit = 200): Promise<number> {
    const client = await this.db.$client.connect();
    let changed = 0;
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LOCKS.PAY_REQUERY]);
      if (!rows[0].ok) return 0;
      try {
        const due = await query<{ order_no: string }>(
          this.db,
          sql`UPDATE pay_orders SET queried_at = now() WHERE order_no IN (
              SELECT order_no FROM pay_orders WHERE status = 'created'
                AND (created_at < now() - make_interval(secs => ${REQUERY_AFTER_S}) OR expires_at <= now())
                AND (queried_at IS NULL OR queried_at < now() - make_interval(secs => ${REQUERY_EVERY_S}) OR expires_at <= now())
              ORDER BY expires_at LIMIT ${limit})
            RETURNING order_no`,
        );
        for (const { order_no } of due) {
          try {
            const status = await this.reconcileOrder(order_no);
            if (status !== 'created') changed++;
          } catch (e) {
            this.log.warn({ err: e, orderNo: order_no }, 'payment re-query failed; asked again later');
          }
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [LOCKS.PAY_REQUERY]);
      }
    } finally {
      client.release();
    }
    return changed;
  }

  // ------------------------------------------------------------------------------------------
  // refunds

  /**
   * Refunds part or all of a credited order through the provider and takes its credits back.
   * Credits taken back are proportional to the money (all of them once the order is refunded in
   * full, the bonus included): floor(credits x refunded so far / amount) minus what earlier
   * refunds took. When the balance no longer holds them (spent on AI), the refund is refused with
   * REFUND_CREDITS_SPENT unless `force`: then the balance goes to what it holds (never below 0) and
   * the rest is written down on the refund as its shortfall.
   *
   * One transaction holds the order's lock across the provider's refund call, so two refunds of one
   * order cannot both pass the check; the provider's refund is idempotent by the refund number.
   */
  async refund(
    admin: { id: string },
    orderNo: string,
    input: { amount_cents: number; reason: string; force?: boolean },
    log: (tx: Tx) => Promise<void>,
  ): Promise<Row> {
    const reason = input.reason.trim();
    if (!reason) throw new AppError('INVALID_PARAM', { field: 'reason', params: { reason: 'required' } });
    return this.db.transaction(async (tx) => {
      const [o] = await query<{ user_id: string; provider: string; status: string; trade_no: string | null; amount_cents: number; credits: number; refunded_cents: number; refunded_credits: number }>(
        tx,
        sql`SELECT user_id, provider, status, trade_no, amount_cents, credits, refunded_cents, refunded_credits FROM pay_orders WHERE order_no = ${orderNo} FOR UPDATE`,
      );
      if (!o) throw new AppError('NOT_FOUND', { field: 'order_no' });
      if (o.status !== 'credited' && o.status !== 'paid') throw new AppError('ORDER_STATE_INVALID', { params: { status: o.status } });
      const left = o.amount_cents - o.refunded_cents;
      if (!Number.isSafeInteger(input.amount_cents) || input.amount_cents < 1 || input.amount_cents > left) {
        throw new AppError('REFUND_AMOUNT_INVALID', { field: 'amount_cents', params: { max: left } });
      }
      const provider = this.providers.get(o.provider as ProviderName);
      if (!provider) throw new AppError('PAY_METHOD_UNAVAILABLE', { field: 'order_no', params: { reason: 'not_configured' } });
      const after = o.refunded_cents + input.amount_cents;
      const take = o.status === 'credited' ? Math.floor((o.credits * after) / o.amount_cents) - o.refunded_credits : 0;
      let taken = 0;
      if (take > 0) {
        const balance = await this.credits.balance(o.user_id, tx).catch(() => 0);
        if (balance < take && !input.force) throw new AppError('REFUND_CREDITS_SPENT', { field: 'amount_cents', params: { needed: take, balance } });
        taken = Math.min(take, balance);
      }
      const refundNo = newOrderNo('R');
      let result;
      try {
        result = await provider.refund({ orderNo, tradeNo: o.trade_no, refundNo, refundCents: input.amount_cents, totalCents: o.amount_cents, reason });
      } catch (e) {
        throw providerError(e);
      }
      const [r] = await query<{ id: string }>(
        tx,
        sql`INSERT INTO pay_refunds (order_id, refund_no, amount_cents, credits, credits_shortfall, status, reason, provider_refund_id, actor_id, finished_at)
          SELECT id, ${refundNo}, ${input.amount_cents}, ${taken}, ${take - taken}, ${result.status === 'succeeded' ? 'succeeded' : 'pending'}, ${reason},
            ${result.providerRefundId}, ${admin.id}, ${result.status === 'succeeded' ? sql`now()` : null}
          FROM pay_orders WHERE order_no = ${orderNo} RETURNING id`,
      );
      if (taken > 0) {
        await this.credits.post(tx, { userId: o.user_id, kind: 'refund', amount: -taken, key: `refund:${refundNo}`, reason, refType: 'refund', refId: r.id, actorId: admin.id });
      }
      await tx.execute(sql`UPDATE pay_orders SET refunded_cents = ${after}, refunded_credits = refunded_credits + ${Math.max(take, 0)},
          status = ${after === o.amount_cents ? 'refunded' : o.status}, updated_at = now()
        WHERE order_no = ${orderNo}`);
      await log(tx);
      const [row] = await query(tx, sql`SELECT id, refund_no, amount_cents, credits, credits_shortfall, status, reason, provider_refund_id, created_at, finished_at
        FROM pay_refunds WHERE id = ${r.id}`);
      return row;
    });
  }

  /** one order for the finance page: the order, its refunds and the notifications received for it */
  async detail(orderNo: string) {
    const [order] = await query(this.db, sql`SELECT ${ORDER_COLUMNS}, o.trade_no, u.username, u.nickname FROM pay_orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.order_no = ${orderNo}`);
    if (!order) throw new AppError('NOT_FOUND', { field: 'order_no' });
    const [refunds, notifications] = await Promise.all([
      query<PayRefundWithActorRow>(this.db, sql`SELECT f.id, f.refund_no, f.amount_cents, f.credits, f.credits_shortfall, f.status, f.reason, f.provider_refund_id, f.created_at, f.finished_at,
          u.username AS actor
        FROM pay_refunds f JOIN pay_orders o ON o.id = f.order_id LEFT JOIN users u ON u.id = f.actor_id WHERE o.order_no = ${orderNo} ORDER BY f.created_at`),
      query<PayNotificationRow>(this.db, sql`SELECT id::text AS id, provider, notify_id, verified, outcome, detail, ip, received_at FROM pay_notifications WHERE order_no = ${orderNo} ORDER BY received_at, id`),
    ]);
    return { order, refunds: refunds.map(plain), notifications: notifications.map(plain) };
  }
}

/** text from outside that PostgreSQL cannot store as it is: a NUL character */
const hostile = (s: string | null) => !!s && s.includes('\u0000');

/** `s` as text PostgreSQL stores: NUL shown as U+FFFD, cut to `max` characters */
const storable = (s: string | null, max: number): string | null => (s === null ? null : cutText(s.replaceAll('\u0000', '\ufffd'), max));

function errText(e: unknown) {
  return e instanceof Error ? e.message : String(e);
}

/** a provider's refusal or silence as the catalogue error, with the provider's own words */
function providerError(e: unknown): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof ProviderCallError) return new AppError('PAY_PROVIDER_ERROR', { params: { message: `${e.providerCode}: ${e.message}` }, cause: e });
  return new AppError('PAY_PROVIDER_ERROR', { params: { message: errText(e) }, cause: e });
}
