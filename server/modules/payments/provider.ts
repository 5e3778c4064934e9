/**
 * What the payments core asks of a payment provider (Alipay, WeChat Pay): create a payment, ask
 * about a trade, close it, refund it, and verify and read a notification. A provider client
 * speaks its real protocol (signatures both ways); the core decides what an answer means for an
 * order (amount and app id checks, crediting once).
 */

import type { PayMethod, ProviderName } from '../../../shared/pay';
import { AppError } from '../../core/errors';

// alipay_page: computer-website pay (the browser goes to Alipay); alipay_qr: precreate QR; wxpay_native: Native QR
export { PAY_METHODS, type PayMethod, type ProviderName } from '../../../shared/pay';

export interface CreatePayment {
  orderNo: string;
  amountCents: number;
  subject: string;
  method: PayMethod;
  /** where the provider posts the notification */
  notifyUrl: string;
  /** computer-website pay: where the provider sends the browser back after paying */
  returnUrl: string;
  expiresAt: Date;
  clientIp?: string;
}

export interface CreatedPayment {
  /** the QR code's content (alipay precreate qr_code, wxpay code_url) */
  qrCode?: string;
  /** the page the browser goes to (alipay computer-website pay) */
  payUrl?: string;
}

/** a trade as the provider states it (a query's answer, or a verified notification) */
export interface TradeState {
  orderNo: string;
  /** the provider's trade / transaction id */
  tradeNo: string | null;
  /** paid: TRADE_SUCCESS / TRADE_FINISHED, SUCCESS; unpaid: waiting or not created yet; closed: closed or revoked */
  status: 'paid' | 'unpaid' | 'closed' | 'refunded';
  /** the trade's total (cents); null when unpaid */
  amountCents: number | null;
  /** the app id (alipay app_id, wxpay appid) and merchant (wxpay mchid) the trade belongs to */
  appId: string | null;
  mchId?: string | null;
  paidAt: Date | null;
}

export interface VerifiedNotification extends TradeState {
  /** the provider's id of this notification (alipay notify_id, wxpay event id) */
  notifyId: string | null;
}

export interface NotificationInput {
  headers: Record<string, string | string[] | undefined>;
  /** the body exactly as received (signatures are over the raw bytes) */
  rawBody: string;
}

export interface RefundRequest {
  orderNo: string;
  tradeNo: string | null;
  refundNo: string;
  refundCents: number;
  totalCents: number;
  reason: string;
}

export interface RefundResult {
  /** processing: accepted, the money moves later (wxpay PROCESSING) */
  status: 'succeeded' | 'processing';
  providerRefundId: string | null;
}

/** a notification whose signature does not hold (or that cannot be read): it credits nothing */
export class NotificationRejected extends Error {
  constructor(
    readonly reason: 'signature' | 'malformed' | 'decrypt',
    readonly orderNo: string | null = null,
  ) {
    super(`notification rejected: ${reason}`);
  }
}

/** the provider refused a call or could not be reached; its own code and words, for the log and the admin */
export class ProviderCallError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly methods: readonly PayMethod[];
  /** the app id this merchant account is configured with: a trade of another is refused */
  readonly appId: string;
  /** wxpay: the merchant id a trade must belong to */
  readonly mchId?: string;
  create(req: CreatePayment): Promise<CreatedPayment>;
  /** the trade's state; an order the provider does not know yet answers unpaid */
  query(orderNo: string): Promise<TradeState>;
  close(orderNo: string): Promise<void>;
  refund(req: RefundRequest): Promise<RefundResult>;
  /** verifies the signature (NotificationRejected when it does not hold) and reads the trade */
  verifyNotification(input: NotificationInput): Promise<VerifiedNotification>;
  /** what the provider expects back: alipay 'success' / 'fail', wxpay 200/204 or 4xx/5xx with a JSON code */
  ack(ok: boolean): { status: number; contentType: string; body: string };
}

export function errText(e: unknown) {
  return e instanceof Error ? e.message : String(e);
}

/** a provider's refusal or silence as the catalogue error, with the provider's own words */
export function providerError(e: unknown): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof ProviderCallError) return new AppError('PAY_PROVIDER_ERROR', { params: { message: `${e.providerCode}: ${e.message}` }, cause: e });
  return new AppError('PAY_PROVIDER_ERROR', { params: { message: errText(e) }, cause: e });
}
