/**
 * Top-up orders (pay_orders, pay_notifications): orders for a package or a custom amount paid
 * through a provider, crediting once, and the re-query and expiry job. Packages are packages.ts's,
 * refunds refunds.ts's, the lists lists.ts's and the admin settings settings.ts's.
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
import type { SettingsStore } from '../../core/settings';
import { query, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { CreditService } from '../credits/service';
import {
  NotificationRejected,
  PAY_METHODS,
  type NotificationInput,
  type PaymentProvider,
  type PayMethod,
  errText,
  providerError,
  type ProviderName,
  type TradeState,
} from './provider';
import { PayStats } from './stats';
import { ORDER_COLUMNS, orderList } from './lists';
import type { FollowedOrderRow, OfferedPackage, PayOptionsData, PayOrderRow } from './schemas';
import { PAY_SETTINGS, type PaySettings } from './settings';
import { LOCKS } from '../../core/locks';
import { creditsForCents, PAY_RESULT_PAGE, PROVIDER_OF, RECHARGE_PAGE } from '../../../shared/pay';

/** the page a payment returns to when it names none */
export const DEFAULT_RETURN = RECHARGE_PAGE;
/** the result page (spec: uni-pay success) */
export const SUCCESS_PAGE = PAY_RESULT_PAGE;

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
  async options(): Promise<PayOptionsData> {
    const [packages, s] = await Promise.all([
      query<OfferedPackage>(this.db, sql`SELECT id, name, price_cents, credits, bonus_credits FROM pay_packages WHERE enabled ORDER BY sort, price_cents, id`),
      this.getSettings(),
    ]);
    return {
      methods: this.methods(),
      packages,
      custom: { enabled: s.custom_enabled, min_cents: s.custom_min_cents, max_cents: s.custom_max_cents, credits_per_yuan: s.credits_per_yuan },
    };
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

  async createOrder(user: { uid: string }, input: OrderInput, clientIp: string): Promise<PayOrderRow> {
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
        throw new AppError('PAY_AMOUNT_INVALID', {
          field: 'amount_cents',
          params: { min: formatCents(s.custom_min_cents), max: formatCents(s.custom_max_cents) },
        });
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
      await this.db.execute(
        sql`UPDATE pay_orders SET qr_code = ${made.qrCode ?? null}, pay_url = ${made.payUrl ?? null}, updated_at = now() WHERE order_no = ${orderNo}`,
      );
    } catch (e) {
      await this.db.execute(sql`UPDATE pay_orders SET status = 'failed', closed_at = now(), updated_at = now() WHERE order_no = ${orderNo}`);
      throw providerError(e);
    }
    return this.order(orderNo);
  }

  async order(orderNo: string, tx: Db | Tx = this.db): Promise<PayOrderRow> {
    const [o] = await query<PayOrderRow>(tx, sql`SELECT ${ORDER_COLUMNS} FROM pay_orders o WHERE o.order_no = ${orderNo}`);
    if (!o) throw new AppError('NOT_FOUND', { field: 'order_no' });
    return o;
  }

  /** the caller's order (MANAGE_FINANCE: any); others' orders do not exist for them */
  async visibleOrder(caller: AuthUser, orderNo: string): Promise<PayOrderRow> {
    const o = await this.order(orderNo);
    if (o.user_id !== caller.uid && !hasPermission(caller, RULES.manageFinance)) throw new AppError('NOT_FOUND', { field: 'order_no' });
    return o;
  }

  /**
   * What the page following an order reads: the order and, once credited, the balance. An order
   * still open asks the provider itself (at most every few seconds), so a lost notification does
   * not keep the user waiting for the job.
   */
  async follow(caller: AuthUser, orderNo: string): Promise<FollowedOrderRow> {
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
  async closeByUser(caller: AuthUser, orderNo: string): Promise<PayOrderRow> {
    const o = await this.visibleOrder(caller, orderNo);
    if (o.user_id !== caller.uid) throw new AppError('NOT_FOUND', { field: 'order_no' });
    if (o.status !== 'created') throw new AppError('ORDER_STATE_INVALID', { params: { status: o.status } });
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
    await this.db.execute(
      sql`UPDATE pay_orders SET status = 'closed', closed_at = now(), updated_at = now() WHERE order_no = ${orderNo} AND status = 'created'`,
    );
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
      await this.record(provider.name, {
        orderNo,
        notifyId: null,
        verified: false,
        outcome: reason === 'signature' ? 'forged' : reason,
        detail: errText(e),
        ip,
      });
      this.log.warn({ provider: provider.name, orderNo: storable(orderNo, 64), reason, ip }, 'payment notification refused: credits nothing');
      // a body that is not a notification at all is refused as bad input; a forged or undecryptable
      // one gets the provider's own "not accepted"
      if (reason === 'malformed') throw new AppError('INVALID_PARAM', { field: 'body', params: { reason: 'not a payment notification' } });
      return provider.ack(false);
    }
    // signed, yet naming what no order can be called: not a notification to settle
    if ([verified.orderNo, verified.notifyId, verified.tradeNo, verified.appId, verified.mchId].some((v) => typeof v === 'string' && hostile(v))) {
      await this.record(provider.name, {
        orderNo: verified.orderNo,
        notifyId: verified.notifyId,
        verified: true,
        outcome: 'malformed',
        detail: 'a field holds a NUL character',
        ip,
      });
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
      detail:
        outcome === 'amount_mismatch'
          ? `paid ${verified.amountCents}`
          : outcome === 'app_mismatch'
            ? `app ${verified.appId} ${verified.mchId ?? ''}`.trim()
            : null,
      ip,
    });
    if (outcome === 'amount_mismatch' || outcome === 'app_mismatch' || outcome === 'unknown_order') {
      this.log.warn({ provider: provider.name, orderNo: verified.orderNo, outcome }, 'payment notification not credited');
    }
    // verified and decided: the provider need not send it again
    return provider.ack(true);
  }

  /** every notification's row; what it names is stored as far as PostgreSQL text can hold it */
  private async record(
    provider: string,
    n: { orderNo: string | null; notifyId: string | null; verified: boolean; outcome: string; detail: string | null; ip: string },
  ) {
    await this.db.execute(sql`INSERT INTO pay_notifications (provider, order_no, notify_id, verified, outcome, detail, ip)
      VALUES (${provider}, ${storable(n.orderNo, 64)}, ${storable(n.notifyId, 128)}, ${n.verified}, ${n.outcome}, ${storable(n.detail, 500)}, ${n.ip})`);
  }

  /** asks the provider about an open order: paid -> credited; closed there -> closed; past its time -> closed there and expired */
  async reconcileOrder(orderNo: string): Promise<string> {
    const o = await this.order(orderNo);
    if (o.status !== 'created') return o.status;
    const provider = this.providers.get(o.provider as ProviderName);
    const expired = new Date(o.expires_at).getTime() <= Date.now();
    if (!provider) {
      if (expired) await this.markOpenOrder(orderNo, 'expired');
      return expired ? 'expired' : 'created';
    }
    const trade = await provider.query(orderNo);
    if (trade.status === 'paid') {
      const outcome = await this.settlePaid(provider, trade);
      if (outcome !== 'credited' && outcome !== 'duplicate') this.log.warn({ orderNo, outcome }, 'payment query answer not credited');
      return (await this.order(orderNo)).status;
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
    await this.db.execute(
      sql`UPDATE pay_orders SET status = ${status}, closed_at = now(), updated_at = now() WHERE order_no = ${orderNo} AND status = 'created'`,
    );
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
}

/** text from outside that PostgreSQL cannot store as it is: a NUL character */
const hostile = (s: string | null) => !!s && s.includes('\u0000');

/** `s` as text PostgreSQL stores: NUL shown as U+FFFD, cut to `max` characters */
const storable = (s: string | null, max: number): string | null => (s === null ? null : cutText(s.replaceAll('\u0000', '\ufffd'), max));
