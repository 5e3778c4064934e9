/** Refunds of credited orders through their provider (pay_refunds), and an order's detail for finance. */
import { sql } from 'drizzle-orm';
import { AppError } from '../../core/errors';
import { plain, query, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { CreditService } from '../credits/service';
import { ORDER_COLUMNS } from './lists';
import { type PaymentProvider, type ProviderName, providerError } from './provider';
import type { AdminPayOrderRow, PayNotificationRow, PayRefundRow, PayRefundWithActorRow } from './schemas';
import { newOrderNo } from './service';

export class RefundService {
  constructor(
    private db: Db,
    private credits: CreditService,
    private providers: ReadonlyMap<ProviderName, PaymentProvider>,
  ) {}

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
  ): Promise<PayRefundRow> {
    const reason = input.reason.trim();
    if (!reason) throw new AppError('INVALID_PARAM', { field: 'reason', params: { reason: 'required' } });
    return this.db.transaction(async (tx) => {
      const [o] = await query<{
        user_id: string;
        provider: string;
        status: string;
        trade_no: string | null;
        amount_cents: number;
        credits: number;
        refunded_cents: number;
        refunded_credits: number;
      }>(
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
        await this.credits.post(tx, {
          userId: o.user_id,
          kind: 'refund',
          amount: -taken,
          key: `refund:${refundNo}`,
          reason,
          refType: 'refund',
          refId: r.id,
          actorId: admin.id,
        });
      }
      await tx.execute(sql`UPDATE pay_orders SET refunded_cents = ${after}, refunded_credits = refunded_credits + ${Math.max(take, 0)},
          status = ${after === o.amount_cents ? 'refunded' : o.status}, updated_at = now()
        WHERE order_no = ${orderNo}`);
      await log(tx);
      const [row] = await query<PayRefundRow>(
        tx,
        sql`SELECT id, refund_no, amount_cents, credits, credits_shortfall, status, reason, provider_refund_id, created_at, finished_at
        FROM pay_refunds WHERE id = ${r.id}`,
      );
      return row;
    });
  }

  /** one order for the finance page: the order, its refunds and the notifications received for it */
  async detail(orderNo: string): Promise<{ order: AdminPayOrderRow; refunds: PayRefundWithActorRow[]; notifications: PayNotificationRow[] }> {
    const [order] = await query<AdminPayOrderRow>(
      this.db,
      sql`SELECT ${ORDER_COLUMNS}, o.trade_no, u.username, u.nickname FROM pay_orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.order_no = ${orderNo}`,
    );
    if (!order) throw new AppError('NOT_FOUND', { field: 'order_no' });
    const [refunds, notifications] = await Promise.all([
      query<PayRefundWithActorRow>(
        this.db,
        sql`SELECT f.id, f.refund_no, f.amount_cents, f.credits, f.credits_shortfall, f.status, f.reason, f.provider_refund_id, f.created_at, f.finished_at,
          u.username AS actor
        FROM pay_refunds f JOIN pay_orders o ON o.id = f.order_id LEFT JOIN users u ON u.id = f.actor_id WHERE o.order_no = ${orderNo} ORDER BY f.created_at`,
      ),
      query<PayNotificationRow>(
        this.db,
        sql`SELECT id::text AS id, provider, notify_id, verified, outcome, detail, ip, received_at FROM pay_notifications WHERE order_no = ${orderNo} ORDER BY received_at, id`,
      ),
    ]);
    return { order, refunds: refunds.map(plain), notifications: notifications.map(plain) };
  }
}
