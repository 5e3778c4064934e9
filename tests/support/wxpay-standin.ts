/**
 * A local stand-in of WeChat Pay API v3 (api.mch.weixin.qq.com) for the tests: Native prepay, query,
 * close, refund, and the payer's side (`pay()` marks a trade paid and posts the encrypted, signed
 * notification). Signatures and encryption are written here on their own from the v3 documents, not
 * borrowed from the server's client: it checks the merchant's Authorization header (401 SIGN_ERROR
 * when it does not hold) and signs every answer with its own "WeChat Pay" key.
 */
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WxpayConfig } from '../../server/config';

export interface StandinTrade {
  appid: string;
  mchid: string;
  description: string;
  out_trade_no: string;
  notify_url: string;
  time_expire: string;
  total: number;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transaction_id?: string;
  success_time?: string;
  payer_total?: number;
  refunded: number;
  /** the id of the payment notification (the same for every retry, as WeChat Pay does) */
  eventId?: string;
  code_url: string;
}

export interface StandinRefund {
  refund_id: string;
  out_refund_no: string;
  out_trade_no: string;
  refund: number;
  total: number;
  reason?: string;
  status: string;
}

/** fields of the decrypted transaction to change (the notification stays correctly signed and encrypted) */
export interface TransactionOverrides {
  appid?: string;
  mchid?: string;
  trade_state?: string;
  transaction_id?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string; payer_currency?: string };
}

export interface NotificationOptions extends TransactionOverrides {
  /** when it was signed (Wechatpay-Timestamp; default now) */
  at?: Date;
  /** Wechatpay-Serial to send (default the configured public key id) */
  serial?: string;
  /** flips a byte of the ciphertext before signing: the signature holds, decryption does not */
  tamperCiphertext?: boolean;
  /** the event id (default the trade's own) */
  id?: string;
}

export interface WxpayNotification {
  headers: Record<string, string>;
  body: string;
}

export interface WxpayFailure {
  status: number;
  code: string;
  message: string;
}

export interface WxpayStandin {
  /** http://127.0.0.1:port, the config's apiBase */
  base: string;
  mchid: string;
  appid: string;
  trades: Map<string, StandinTrade>;
  refunds: StandinRefund[];
  /** every request received (method and path with query) */
  requests: Array<{ method: string; path: string }>;
  /** what notify_url answered to each notification `pay()` posted */
  deliveries: Array<{ orderNo: string; status: number; body: string }>;
  /** the status refunds are answered with (WeChat Pay answers PROCESSING while the money moves) */
  refundStatus: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL';
  /** sign answers with a key that is not WeChat Pay's (a man in the middle) */
  forgeAnswers: boolean;
  /** the WxpayConfig the server needs to talk to this stand-in */
  config(): WxpayConfig;
  /** the same as environment variables for a server process */
  env(): Record<string, string>;
  /** calls whose path starts with `path` answer this error (null: back to normal) */
  setFailure(path: string, failure: WxpayFailure | null): void;
  /** calls whose path starts with `path` get no answer (null: back to normal) */
  stall(path: string | null): void;
  /** the payer scans and pays: SUCCESS, then (unless notify is false) the notification to notify_url */
  pay(orderNo: string, opts?: { notify?: boolean; payerTotal?: number }): Promise<void>;
  notificationFor(orderNo: string, opts?: NotificationOptions): WxpayNotification;
  /** a notification signed with a key that is not WeChat Pay's */
  forgedNotificationFor(orderNo: string): WxpayNotification;
  close(): Promise<void>;
}

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const rsaSign = (message: string, privateKey: string) => createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');

/** RFC 3339 in China time, as WeChat Pay writes times */
const cnTime = (d: Date) => `${new Date(Math.floor(d.getTime() / 1000) * 1000 + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const alnum = (n: number) => Array.from({ length: n }, () => ALNUM[randomInt(ALNUM.length)]).join('');

/** the Authorization header's fields: WECHATPAY2-SHA256-RSA2048 k="v",k="v" */
function parseAuthorization(h: string | undefined): Record<string, string> | null {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(h ?? '');
  if (!m) return null;
  const out: Record<string, string> = {};
  for (const part of m[1].matchAll(/(\w+)="([^"]*)"/g)) out[part[1]] = part[2];
  return out;
}

export async function startWxpayStandin(opts: { mchid?: string; appid?: string } = {}): Promise<WxpayStandin> {
  const merchant = pem();
  const platform = pem();
  let wrongKey: string | null = null;
  const serialNo = randomBytes(20).toString('hex').toUpperCase();
  const apiV3Key = alnum(32);
  const publicKeyId = `PUB_KEY_ID_01${digits(30)}`;
  const failures = new Map<string, WxpayFailure>();
  let stalled: string | null = null;

  function sealed(plain: string) {
    const nonce = alnum(12);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from('transaction', 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return { nonce, data };
  }

  function transactionOf(t: StandinTrade) {
    const settled = t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND';
    return {
      appid: t.appid,
      mchid: t.mchid,
      out_trade_no: t.out_trade_no,
      ...(t.transaction_id ? { transaction_id: t.transaction_id } : {}),
      trade_type: 'NATIVE',
      trade_state: t.trade_state,
      trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', REFUND: '转入退款' }[t.trade_state],
      ...(settled ? { bank_type: 'OTHERS', success_time: t.success_time, payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } } : {}),
      attach: '',
      amount: settled
        ? { total: t.total, payer_total: t.payer_total ?? t.total, currency: 'CNY', payer_currency: 'CNY' }
        : { total: t.total, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  function notification(orderNo: string, o: NotificationOptions, signingKey: string): WxpayNotification {
    const t = s.trades.get(orderNo);
    if (!t) throw new Error(`no trade ${orderNo}`);
    const { at, serial, tamperCiphertext, id, amount, ...fields } = o;
    const base = transactionOf(t);
    const tx = { ...base, ...fields, amount: { ...base.amount, ...amount } };
    const { nonce, data } = sealed(JSON.stringify(tx));
    if (tamperCiphertext) data[0] ^= 0x01;
    const when = at ?? new Date();
    const body = JSON.stringify({
      id: id ?? t.eventId ?? `EV-${digits(20)}`,
      create_time: cnTime(when),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), associated_data: 'transaction', nonce },
    });
    const timestamp = String(Math.floor(when.getTime() / 1000));
    const signNonce = alnum(32);
    return {
      headers: {
        'Content-Type': 'application/json',
        'Wechatpay-Serial': serial ?? publicKeyId,
        'Wechatpay-Signature': rsaSign(`${timestamp}\n${signNonce}\n${body}\n`, signingKey),
        'Wechatpay-Timestamp': timestamp,
        'Wechatpay-Nonce': signNonce,
        'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
      },
      body,
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    const path = new URL(target, 'http://standin').pathname;
    s.requests.push({ method, path: target });
    if (stalled && path.startsWith(stalled)) return;

    const answer = (status: number, payload?: object, signedAnswer = true) => {
      const body = payload === undefined ? '' : JSON.stringify(payload);
      const headers: Record<string, string> = { 'Request-ID': `standin-${s.requests.length}` };
      if (body) headers['Content-Type'] = 'application/json; charset=utf-8';
      if (signedAnswer) {
        const timestamp = String(Math.floor(Date.now() / 1000));
        const nonce = alnum(32);
        headers['Wechatpay-Nonce'] = nonce;
        headers['Wechatpay-Timestamp'] = timestamp;
        headers['Wechatpay-Serial'] = publicKeyId;
        headers['Wechatpay-Signature-Type'] = 'WECHATPAY2-SHA256-RSA2048';
        headers['Wechatpay-Signature'] = rsaSign(`${timestamp}\n${nonce}\n${body}\n`, s.forgeAnswers ? (wrongKey ??= pem().privateKey) : platform.privateKey);
      }
      res.writeHead(status, headers);
      res.end(body);
    };
    const error = (status: number, code: string, message: string) => answer(status, { code, message });

    // the merchant's signature, as WeChat Pay checks it; a refusal is not signed (the caller is unknown)
    const auth = parseAuthorization(req.headers.authorization);
    const signOk =
      !!auth &&
      auth.mchid === s.mchid &&
      auth.serial_no === serialNo &&
      !!auth.nonce_str &&
      /^\d+$/.test(auth.timestamp ?? '') &&
      Math.abs(Date.now() / 1000 - Number(auth.timestamp)) <= 300 &&
      (() => {
        try {
          return createVerify('RSA-SHA256')
            .update(`${method}\n${target}\n${auth.timestamp}\n${auth.nonce_str}\n${raw}\n`, 'utf8')
            .verify(merchant.publicKey, auth.signature ?? '', 'base64');
        } catch {
          return false;
        }
      })();
    if (!signOk) return answer(401, { code: 'SIGN_ERROR', message: '签名错误，请检查后再试' }, false);
    if (!req.headers['user-agent']) return error(400, 'PARAM_ERROR', 'User-Agent is required');

    for (const [prefix, f] of failures) if (path.startsWith(prefix)) return error(f.status, f.code, f.message);

    let body: Record<string, any> = {};
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return error(400, 'PARAM_ERROR', '输入源"/body"映射到值字段失败');
      }
    }

    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v3/pay/transactions/native') {
      for (const f of ['appid', 'mchid', 'description', 'out_trade_no', 'notify_url']) {
        if (typeof body[f] !== 'string' || !body[f]) return error(400, 'PARAM_ERROR', `缺少参数 ${f}`);
      }
      if (body.mchid !== s.mchid) return error(400, 'MCH_NOT_EXISTS', '商户号不存在');
      if (body.appid !== s.appid) return error(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      if (!/^[0-9A-Za-z_\-|*]{6,32}$/.test(body.out_trade_no)) return error(400, 'PARAM_ERROR', 'out_trade_no 格式错误');
      const total = body.amount?.total;
      if (!Number.isSafeInteger(total) || total < 1 || (body.amount?.currency ?? 'CNY') !== 'CNY')
        return error(400, 'PARAM_ERROR', 'amount.total 必须为正整数');
      if (body.time_expire !== undefined && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/.test(body.time_expire)) {
        return error(400, 'PARAM_ERROR', 'time_expire 格式错误');
      }
      const known = s.trades.get(body.out_trade_no);
      if (known) {
        if (known.trade_state === 'SUCCESS' || known.trade_state === 'REFUND') return error(400, 'ORDERPAID', '该订单已支付');
        if (known.trade_state === 'CLOSED') return error(400, 'ORDER_CLOSED', '订单已关闭');
        if (known.total !== total) return error(400, 'OUT_TRADE_NO_USED', '商户订单号重复');
        return answer(200, { code_url: known.code_url });
      }
      const t: StandinTrade = {
        appid: body.appid,
        mchid: body.mchid,
        description: body.description,
        out_trade_no: body.out_trade_no,
        notify_url: body.notify_url,
        time_expire: body.time_expire ?? '',
        total,
        trade_state: 'NOTPAY',
        refunded: 0,
        code_url: `weixin://wxpay/bizpayurl?pr=${alnum(7)}`,
      };
      s.trades.set(t.out_trade_no, t);
      return answer(200, { code_url: t.code_url });
    }
    if (method === 'GET' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path))) {
      const mchid = new URL(target, 'http://standin').searchParams.get('mchid');
      if (mchid !== s.mchid) return error(400, 'PARAM_ERROR', 'mchid 与请求商户号不一致');
      const t = s.trades.get(decodeURIComponent(m[1]));
      if (!t) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
      return answer(200, transactionOf(t));
    }
    if (method === 'POST' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path))) {
      if (body.mchid !== s.mchid) return error(400, 'PARAM_ERROR', 'mchid 与请求商户号不一致');
      const t = s.trades.get(decodeURIComponent(m[1]));
      if (!t) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND') return error(400, 'ORDERPAID', '订单已支付，不能关闭');
      t.trade_state = 'CLOSED';
      return answer(204);
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const t = [...s.trades.values()].find((x) => x.out_trade_no === body.out_trade_no || (body.transaction_id && x.transaction_id === body.transaction_id));
      if (typeof body.out_refund_no !== 'string' || !body.out_refund_no) return error(400, 'PARAM_ERROR', '缺少参数 out_refund_no');
      if (!t) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      const dup = s.refunds.find((r) => r.out_refund_no === body.out_refund_no);
      if (dup) return answer(200, refundAnswer(dup, t));
      if (t.trade_state !== 'SUCCESS' && t.trade_state !== 'REFUND') return error(400, 'INVALID_REQUEST', '订单未支付，不能退款');
      const refund = body.amount?.refund;
      if (body.amount?.total !== t.total) return error(400, 'PARAM_ERROR', '订单金额与原订单不一致');
      if (!Number.isSafeInteger(refund) || refund < 1) return error(400, 'PARAM_ERROR', 'amount.refund 必须为正整数');
      if (refund > t.total - t.refunded) return error(403, 'NOT_ENOUGH', '可退金额不足');
      const r: StandinRefund = {
        refund_id: `50000${digits(27)}`,
        out_refund_no: body.out_refund_no,
        out_trade_no: t.out_trade_no,
        refund,
        total: t.total,
        reason: body.reason,
        status: s.refundStatus,
      };
      s.refunds.push(r);
      t.refunded += refund;
      t.trade_state = 'REFUND';
      return answer(200, refundAnswer(r, t));
    }
    return error(404, 'NOT_FOUND', `no such API: ${method} ${path}`);
  }

  function refundAnswer(r: StandinRefund, t: StandinTrade) {
    return {
      refund_id: r.refund_id,
      out_refund_no: r.out_refund_no,
      transaction_id: t.transaction_id,
      out_trade_no: t.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: cnTime(new Date()),
      status: r.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: r.total,
        refund: r.refund,
        payer_total: r.total,
        payer_refund: r.refund,
        settlement_total: r.total,
        settlement_refund: r.refund,
        discount_refund: 0,
        currency: 'CNY',
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const s: WxpayStandin = {
    base: `http://127.0.0.1:${port}`,
    mchid: opts.mchid ?? '1900009191',
    appid: opts.appid ?? 'wxd678efh567hg6787',
    trades: new Map(),
    refunds: [],
    requests: [],
    deliveries: [],
    refundStatus: 'SUCCESS',
    forgeAnswers: false,
    config: () => ({
      mchid: s.mchid,
      appid: s.appid,
      serialNo,
      privateKey: merchant.privateKey,
      apiV3Key,
      platformPublicKey: platform.publicKey,
      platformPublicKeyId: publicKeyId,
      apiBase: s.base,
    }),
    env: () => ({
      WXPAY_MCHID: s.mchid,
      WXPAY_APPID: s.appid,
      WXPAY_SERIAL_NO: serialNo,
      WXPAY_PRIVATE_KEY: merchant.privateKey,
      WXPAY_APIV3_KEY: apiV3Key,
      WXPAY_PUBLIC_KEY: platform.publicKey,
      WXPAY_PUBLIC_KEY_ID: publicKeyId,
      WXPAY_API_BASE: s.base,
    }),
    setFailure(path, failure) {
      if (failure) failures.set(path, failure);
      else failures.delete(path);
    },
    stall(path) {
      stalled = path;
    },
    async pay(orderNo, o = {}) {
      const t = s.trades.get(orderNo);
      if (!t) throw new Error(`no trade ${orderNo}`);
      if (t.trade_state !== 'NOTPAY') throw new Error(`trade ${orderNo} is ${t.trade_state}`);
      if (t.time_expire && Date.parse(t.time_expire) < Date.now()) throw new Error(`trade ${orderNo} expired at ${t.time_expire}`);
      t.trade_state = 'SUCCESS';
      t.transaction_id = `42000${digits(23)}`;
      t.success_time = cnTime(new Date());
      t.payer_total = o.payerTotal;
      t.eventId = `${randomBytes(16).toString('hex').slice(0, 8)}-${randomBytes(16).toString('hex').slice(0, 4)}-5b4e-9c46-${randomBytes(6).toString('hex')}`;
      if (o.notify === false) return;
      const n = s.notificationFor(orderNo);
      const res = await fetch(t.notify_url, {
        method: 'POST',
        headers: { ...n.headers, 'User-Agent': 'Mozilla/4.0' },
        body: n.body,
        signal: AbortSignal.timeout(10_000),
      });
      s.deliveries.push({ orderNo, status: res.status, body: await res.text() });
    },
    notificationFor: (orderNo, o = {}) => notification(orderNo, o, platform.privateKey),
    forgedNotificationFor: (orderNo) => notification(orderNo, {}, (wrongKey ??= pem().privateKey)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return s;
}
