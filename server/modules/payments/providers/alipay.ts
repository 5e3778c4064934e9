/**
 * The Alipay payment provider over the classic OpenAPI gateway (alipay-sdk, RSA2): precreate QR
 * and computer-website pay, trade query / close / refund, and the asynchronous notification.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { AlipaySdk } from 'alipay-sdk';
import { formatCents, parseYuan } from '../../../../shared/money';
import type { AlipayConfig } from '../../../config';
import {
  NotificationRejected,
  ProviderCallError,
  type CreatedPayment,
  type CreatePayment,
  type NotificationInput,
  type PaymentProvider,
  type PayMethod,
  type RefundRequest,
  type RefundResult,
  type TradeState,
  type VerifiedNotification,
} from '../provider';

/** Alipay answers a call within seconds; past this the order stays as it is and the caller may retry */
const CALL_TIMEOUT_MS = 15_000;

/** integer cents as Alipay's yuan amount ('0.01', '1234.56') */
export function yuanOf(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`amount in cents must be a non-negative integer: ${cents}`);
  return formatCents(cents);
}

/** Alipay's yuan amount as integer cents, read as text so that no float rounding can creep in */
export function centsOf(yuan: string | number | undefined | null): number | null {
  if (yuan === undefined || yuan === null || yuan === '') return null;
  const cents = parseYuan(String(yuan));
  return cents !== null && cents >= 0 ? cents : null;
}

/** Alipay's times are Beijing wall-clock 'yyyy-MM-dd HH:mm:ss' (UTC+8, no daylight saving) */
function beijingTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
function fromBeijingTime(s: unknown): Date | null {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(s)) return null;
  return new Date(`${s.replace(' ', 'T')}+08:00`);
}

/** a key as Alipay's tools give it: PEM (PKCS#1 or PKCS#8) or the bare base64 body of either */
function keyOf(text: string, kind: 'private' | 'public'): KeyObject {
  const s = text.trim();
  if (s.includes('-----BEGIN')) return kind === 'private' ? createPrivateKey(s) : createPublicKey(s);
  const key = Buffer.from(s.replace(/\s+/g, ''), 'base64');
  const attempts: Array<() => KeyObject> =
    kind === 'private'
      ? [() => createPrivateKey({ key, format: 'der', type: 'pkcs8' }), () => createPrivateKey({ key, format: 'der', type: 'pkcs1' })]
      : [() => createPublicKey({ key, format: 'der', type: 'spki' }), () => createPublicKey({ key, format: 'der', type: 'pkcs1' })];
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch {
      // try the other encoding
    }
  }
  throw new Error(`the Alipay ${kind} key is neither PEM nor base64 DER (PKCS#8 / PKCS#1)`);
}

type Answer = Record<string, unknown> & { code?: string; msg?: string; sub_code?: string; sub_msg?: string };

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const;
  readonly methods: readonly PayMethod[] = ['alipay_page', 'alipay_qr'];
  readonly appId: string;
  /** alipay-sdk (and its HTTP client) loads with the first payment, not with the server */
  private sdkLoading: Promise<{ sdk: AlipaySdk; RequestError: typeof import('alipay-sdk').AlipayRequestError }> | undefined;

  constructor(private readonly config: AlipayConfig) {
    this.appId = config.appId;
    // a key that cannot be read fails here, at start, not with the first payment
    keyOf(config.privateKey, 'private');
    keyOf(config.alipayPublicKey, 'public');
  }

  private sdk() {
    return (this.sdkLoading ??= import('alipay-sdk').then(({ AlipaySdk, AlipayRequestError }) => ({
      sdk: this.make(AlipaySdk),
      RequestError: AlipayRequestError,
    })));
  }

  private make(Sdk: typeof AlipaySdk): AlipaySdk {
    const config = this.config;
    return new Sdk({
      appId: config.appId,
      // the SDK rebuilds the PEM from its body, so it is given one canonical form (PKCS#8, SPKI)
      privateKey: keyOf(config.privateKey, 'private').export({ type: 'pkcs8', format: 'pem' }).toString(),
      keyType: 'PKCS8',
      alipayPublicKey: keyOf(config.alipayPublicKey, 'public').export({ type: 'spki', format: 'pem' }).toString(),
      gateway: config.gateway,
      signType: 'RSA2',
      timeout: CALL_TIMEOUT_MS,
      // Alipay's own field names, as its documentation and notifications spell them
      camelcase: false,
    });
  }

  /** one gateway call, its answer's signature checked; anything but code 10000 is the provider's error */
  private async call(method: string, bizContent: Record<string, unknown>, extra: Record<string, string> = {}, okCodes: string[] = []): Promise<Answer> {
    const { sdk, RequestError } = await this.sdk();
    let answer: Answer;
    try {
      answer = (await sdk.exec(method, { bizContent, ...extra }, { validateSign: true })) as Answer;
    } catch (err) {
      throw this.failure(method, err, RequestError);
    }
    if (answer.code === '10000') return answer;
    const code = answer.sub_code || answer.code || 'UNKNOWN';
    if (okCodes.includes(code)) return answer;
    throw new ProviderCallError('alipay', code, String(answer.sub_msg || answer.msg || `${method} failed`));
  }

  private failure(method: string, err: unknown, RequestError: typeof import('alipay-sdk').AlipayRequestError): ProviderCallError {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof RequestError) {
      // an answer whose signature does not hold is no answer: nothing in it is believed
      if (/验签|sign/i.test(message) && err.responseDataRaw)
        return new ProviderCallError('alipay', 'INVALID_RESPONSE_SIGNATURE', `${method}: the answer's signature does not verify`);
      if (/timeout/i.test(message)) return new ProviderCallError('alipay', 'TIMEOUT', `${method}: no answer within ${CALL_TIMEOUT_MS / 1000} s`);
      if (err.responseDataRaw !== undefined) return new ProviderCallError('alipay', 'INVALID_RESPONSE', `${method}: ${message}`);
      return new ProviderCallError('alipay', 'UNREACHABLE', `${method}: ${message}`);
    }
    // the SDK checks a signature without one as a TypeError: the answer is refused all the same
    return new ProviderCallError('alipay', 'INVALID_RESPONSE', `${method}: ${message}`);
  }

  async create(req: CreatePayment): Promise<CreatedPayment> {
    const biz = {
      out_trade_no: req.orderNo,
      total_amount: yuanOf(req.amountCents),
      subject: req.subject,
      time_expire: beijingTime(req.expiresAt),
    };
    if (req.method === 'alipay_qr') {
      const a = await this.call('alipay.trade.precreate', biz, { notify_url: req.notifyUrl });
      const qrCode = str(a.qr_code);
      if (!qrCode) throw new ProviderCallError('alipay', 'INVALID_RESPONSE', 'alipay.trade.precreate answered no qr_code');
      return { qrCode };
    }
    if (req.method === 'alipay_page') {
      // a signed GET URL on the gateway: the browser goes there, nothing is sent from here
      const payUrl = (await this.sdk()).sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: { ...biz, product_code: 'FAST_INSTANT_TRADE_PAY' },
        notifyUrl: req.notifyUrl,
        returnUrl: req.returnUrl,
      });
      return { payUrl };
    }
    throw new ProviderCallError('alipay', 'METHOD_UNSUPPORTED', `alipay does not offer ${req.method}`);
  }

  async query(orderNo: string): Promise<TradeState> {
    const a = await this.call('alipay.trade.query', { out_trade_no: orderNo }, {}, ['ACQ.TRADE_NOT_EXIST']);
    if (a.code !== '10000') return { orderNo, tradeNo: null, status: 'unpaid', amountCents: null, appId: this.appId, paidAt: null };
    return this.tradeOf(a, orderNo);
  }

  private tradeOf(a: Record<string, unknown>, orderNo: string): TradeState {
    const tradeStatus = str(a.trade_status);
    const total = centsOf(str(a.total_amount));
    const refunded = centsOf(str(a.refund_amount) ?? str(a.refund_fee));
    let status: TradeState['status'];
    if (tradeStatus === 'TRADE_SUCCESS' || tradeStatus === 'TRADE_FINISHED') status = 'paid';
    else if (tradeStatus === 'TRADE_CLOSED') {
      // a paid trade closes only by being refunded in full: a query shows it by its pay date, a notification by refund_fee
      const wasPaid = str(a.send_pay_date) !== null || (total !== null && refunded !== null && refunded >= total && total > 0);
      status = wasPaid ? 'refunded' : 'closed';
    } else status = 'unpaid';
    return {
      orderNo: str(a.out_trade_no) ?? orderNo,
      tradeNo: str(a.trade_no),
      status,
      amountCents: status === 'unpaid' ? null : total,
      appId: str(a.app_id) ?? this.appId,
      paidAt: status === 'paid' || status === 'refunded' ? fromBeijingTime(a.send_pay_date ?? a.gmt_payment) : null,
    };
  }

  async close(orderNo: string): Promise<void> {
    // a trade the buyer never opened does not exist at Alipay yet: nothing to close
    await this.call('alipay.trade.close', { out_trade_no: orderNo }, {}, ['ACQ.TRADE_NOT_EXIST']);
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    const a = await this.call('alipay.trade.refund', {
      out_trade_no: req.orderNo,
      ...(req.tradeNo ? { trade_no: req.tradeNo } : {}),
      out_request_no: req.refundNo,
      refund_amount: yuanOf(req.refundCents),
      refund_reason: req.reason,
    });
    // fund_change 'N' on a repeated out_request_no means that refund was already made: it stands
    const recorded = a.fund_change === 'Y' || centsOf(str(a.refund_fee)) !== null;
    return { status: recorded ? 'succeeded' : 'processing', providerRefundId: req.refundNo };
  }

  async verifyNotification(input: NotificationInput): Promise<VerifiedNotification> {
    const form: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(input.rawBody)) form[k] = v;
    if (!form.sign || !form.out_trade_no) throw new NotificationRejected(form.sign ? 'malformed' : 'signature', form.out_trade_no || null);
    const { sdk } = await this.sdk();
    let ok = false;
    try {
      // V2: the values are checked as received (decoded once), not decoded a second time
      ok = sdk.checkNotifySignV2(form);
    } catch {
      ok = false;
    }
    if (!ok) throw new NotificationRejected('signature', form.out_trade_no);
    const trade = this.tradeOf(form, form.out_trade_no);
    return { ...trade, appId: str(form.app_id), notifyId: str(form.notify_id) };
  }

  ack(ok: boolean) {
    return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' };
  }
}

export function alipayProvider(config: AlipayConfig): AlipayProvider {
  return new AlipayProvider(config);
}
