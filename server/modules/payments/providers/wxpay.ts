/**
 * WeChat Pay API v3 client (Native QR pay) written on node:crypto and fetch: every request signed
 * with the merchant API key, every answer and notification checked against WeChat Pay's public key.
 */
import { cutText } from '../../../../shared/text';
import { createDecipheriv, createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import type { WxpayConfig } from '../../../config';
import {
  type CreatedPayment,
  type CreatePayment,
  NotificationRejected,
  type NotificationInput,
  type PaymentProvider,
  type PayMethod,
  ProviderCallError,
  type RefundRequest,
  type RefundResult,
  type TradeState,
  type VerifiedNotification,
} from '../provider';

/** an answer that has not come within this time is an error (the order stays as it is; a query settles it later) */
const CALL_TIMEOUT_MS = 15_000;
/** a notification signed longer ago than this (or ahead of our clock) may be a replay */
const NOTIFY_MAX_SKEW_MS = 5 * 60_000;
const SCHEME = 'WECHATPAY2-SHA256-RSA2048';
/** the AES-GCM authentication tag WeChat Pay appends to each ciphertext */
const GCM_TAG_BYTES = 16;

/** the transaction object of a query answer and of a decrypted notification */
interface WxTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

interface Answer {
  status: number;
  /** the signature headers were present and verified */
  signed: boolean;
  data: Record<string, unknown>;
}

const STATES: Record<string, TradeState['status']> = {
  SUCCESS: 'paid',
  NOTPAY: 'unpaid',
  USERPAYING: 'unpaid',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'closed',
  REFUND: 'refunded',
};

/** a header of a request as Node or Fastify hands it over (names in any case, maybe repeated) */
function headerOf(headers: NotificationInput['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === wanted) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

/** RFC 3339 in China time, the form WeChat Pay's documents give (2026-11-24T16:05:00+08:00) */
export function wxpayTime(d: Date): string {
  const cn = new Date(Math.floor(d.getTime() / 1000) * 1000 + 8 * 3600_000);
  return `${cn.toISOString().slice(0, 19)}+08:00`;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

export class WxpayProvider implements PaymentProvider {
  readonly name = 'wxpay' as const;
  readonly methods: readonly PayMethod[] = ['wxpay_native'];
  readonly appId: string;
  readonly mchId: string;
  private readonly privateKey: KeyObject;
  private readonly platformKey: KeyObject;
  private readonly timeoutMs: number;

  constructor(
    private readonly config: WxpayConfig,
    opts: { timeoutMs?: number } = {},
  ) {
    this.appId = config.appid;
    this.mchId = config.mchid;
    this.privateKey = createPrivateKey(config.privateKey);
    this.platformKey = createPublicKey(config.platformPublicKey);
    this.timeoutMs = opts.timeoutMs ?? CALL_TIMEOUT_MS;
  }

  async create(req: CreatePayment): Promise<CreatedPayment> {
    if (req.method !== 'wxpay_native') throw new ProviderCallError('wxpay', 'METHOD_UNSUPPORTED', `wxpay does not offer ${req.method}`);
    const a = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.appId,
      mchid: this.mchId,
      // WeChat Pay takes at most 127 characters of description
      description: cutText(req.subject, 127),
      out_trade_no: req.orderNo,
      time_expire: wxpayTime(req.expiresAt),
      notify_url: req.notifyUrl,
      amount: { total: req.amountCents, currency: 'CNY' },
    });
    const codeUrl = a.data.code_url;
    if (typeof codeUrl !== 'string' || !codeUrl) throw new ProviderCallError('wxpay', 'BAD_ANSWER', 'the native prepay answer has no code_url');
    return { qrCode: codeUrl };
  }

  async query(orderNo: string): Promise<TradeState> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.mchId)}`;
    const a = await this.call('GET', path, undefined, (x) => x.status === 404 && x.signed && x.data.code === 'ORDER_NOT_EXIST');
    if (a.status === 404) return { orderNo, tradeNo: null, status: 'unpaid', amountCents: null, appId: null, mchId: null, paidAt: null };
    const state = this.tradeState(a.data as WxTransaction);
    if (!state) throw new ProviderCallError('wxpay', 'BAD_ANSWER', `unreadable trade state in the answer for ${orderNo}`);
    return state;
  }

  async close(orderNo: string): Promise<void> {
    await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, { mchid: this.mchId });
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    const a = await this.call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: req.orderNo,
      out_refund_no: req.refundNo,
      // at most 80 characters; an empty reason is left out rather than sent blank
      ...(req.reason ? { reason: [...req.reason].slice(0, 80).join('') } : {}),
      amount: { refund: req.refundCents, total: req.totalCents, currency: 'CNY' },
    });
    const status = a.data.status;
    const providerRefundId = typeof a.data.refund_id === 'string' ? a.data.refund_id : null;
    if (status === 'SUCCESS') return { status: 'succeeded', providerRefundId };
    if (status === 'PROCESSING') return { status: 'processing', providerRefundId };
    throw new ProviderCallError('wxpay', typeof status === 'string' ? status : 'BAD_ANSWER', `refund ${req.refundNo} answered status ${String(status)}`);
  }

  async verifyNotification(input: NotificationInput): Promise<VerifiedNotification> {
    const h = (n: string) => headerOf(input.headers, n);
    const serial = h('Wechatpay-Serial');
    const timestamp = h('Wechatpay-Timestamp');
    const nonce = h('Wechatpay-Nonce');
    const signature = h('Wechatpay-Signature');
    if (!serial || !timestamp || !nonce || !signature) throw new NotificationRejected('signature');
    // a key id other than the configured one is not a key we trust, whatever it signed
    if (serial !== this.config.platformPublicKeyId) throw new NotificationRejected('signature');
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp) * 1000) > NOTIFY_MAX_SKEW_MS) throw new NotificationRejected('signature');
    if (!this.verifies(timestamp, nonce, input.rawBody, signature)) throw new NotificationRejected('signature');

    let body: { id?: unknown; event_type?: unknown; resource?: { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown } };
    try {
      body = JSON.parse(input.rawBody);
    } catch {
      throw new NotificationRejected('malformed');
    }
    const r = body?.resource;
    if (!r || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string') throw new NotificationRejected('malformed');
    if (r.algorithm !== 'AEAD_AES_256_GCM') throw new NotificationRejected('decrypt');
    const plain = this.decrypt(r.ciphertext, r.nonce, typeof r.associated_data === 'string' ? r.associated_data : '');
    let tx: WxTransaction;
    try {
      tx = JSON.parse(plain);
    } catch {
      throw new NotificationRejected('malformed');
    }
    const state = this.tradeState(tx);
    if (!state) throw new NotificationRejected('malformed', typeof tx?.out_trade_no === 'string' ? tx.out_trade_no : null);
    return { ...state, notifyId: typeof body.id === 'string' ? body.id : null };
  }

  ack(ok: boolean): { status: number; contentType: string; body: string } {
    if (ok) return { status: 204, contentType: 'application/json; charset=utf-8', body: '' };
    // any 4xx/5xx makes WeChat Pay send the notification again later
    return { status: 400, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: 'notification not accepted' }) };
  }

  /** the AES-256-GCM plaintext of a notification resource (the tag is the ciphertext's last 16 bytes) */
  private decrypt(ciphertext: string, nonce: string, associatedData: string): string {
    try {
      const data = Buffer.from(ciphertext, 'base64');
      if (data.length <= GCM_TAG_BYTES) throw new Error('short ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', Buffer.from(this.config.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
      decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      return Buffer.concat([decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new NotificationRejected('decrypt');
    }
  }

  private tradeState(tx: WxTransaction): TradeState | null {
    if (!tx || typeof tx.out_trade_no !== 'string' || typeof tx.trade_state !== 'string') return null;
    const status = STATES[tx.trade_state];
    if (!status) return null;
    const settled = status === 'paid' || status === 'refunded';
    // the order's total, which the core compares with the order (a merchant coupon lowers payer_total, not the order)
    const paid = tx.amount?.total;
    const paidAt = settled && tx.success_time ? new Date(tx.success_time) : null;
    return {
      orderNo: tx.out_trade_no,
      tradeNo: tx.transaction_id || null,
      status,
      amountCents: settled && isInt(paid) ? paid : null,
      appId: tx.appid ?? null,
      mchId: tx.mchid ?? null,
      paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
    };
  }

  private verifies(timestamp: string, nonce: string, body: string, signature: string): boolean {
    try {
      return createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8').verify(this.platformKey, signature, 'base64');
    } catch {
      return false;
    }
  }

  /**
   * One signed call. A 2xx answer must carry a valid WeChat Pay signature; an error answer becomes a
   * ProviderCallError with WeChat Pay's code, unless `expected` says the caller reads it itself.
   */
  private async call(method: 'GET' | 'POST', path: string, payload?: object, expected?: (a: Answer) => boolean): Promise<Answer> {
    const url = new URL(path.replace(/^\//, ''), `${this.config.apiBase}/`);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${method}\n${url.pathname}${url.search}\n${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .sign(this.privateKey, 'base64');
    const authorization = `${SCHEME} mchid="${this.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.config.serialNo}"`;

    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          // WeChat Pay refuses calls without a User-Agent
          'User-Agent': 'ai-console-wxpay/1',
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: payload === undefined ? undefined : body,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      text = await res.text();
    } catch (e) {
      const timedOut = (e as Error)?.name === 'TimeoutError';
      throw new ProviderCallError(
        'wxpay',
        timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
        timedOut ? `no answer from WeChat Pay within ${this.timeoutMs} ms` : `WeChat Pay unreachable: ${(e as Error)?.message}`,
      );
    }

    const serial = res.headers.get('Wechatpay-Serial');
    const ts = res.headers.get('Wechatpay-Timestamp');
    const n = res.headers.get('Wechatpay-Nonce');
    const sig = res.headers.get('Wechatpay-Signature');
    const signed = !!(serial && ts && n && sig) && serial === this.config.platformPublicKeyId && this.verifies(ts!, n!, text, sig!);
    let data: Record<string, unknown> = {};
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        if (res.ok) throw new ProviderCallError('wxpay', 'BAD_ANSWER', `WeChat Pay answered ${res.status} with a body that is not JSON`);
      }
    }
    const answer: Answer = { status: res.status, signed, data };
    if (res.ok) {
      if (!signed) throw new ProviderCallError('wxpay', 'SIGN_INVALID', `WeChat Pay's answer to ${method} ${url.pathname} does not carry a valid signature`);
      return answer;
    }
    if (expected?.(answer)) return answer;
    const code = typeof data.code === 'string' ? data.code : `HTTP_${res.status}`;
    const message = typeof data.message === 'string' ? data.message : `WeChat Pay answered ${res.status}`;
    throw new ProviderCallError('wxpay', code, message);
  }
}

export function wxpayProvider(config: WxpayConfig): WxpayProvider {
  return new WxpayProvider(config);
}
