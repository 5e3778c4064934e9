/**
 * A local stand-in of Alipay's classic OpenAPI gateway (gateway.do, RSA2) for the tests, over node http.
 * It holds its own key pairs (the app's and "Alipay's"), checks each request's signature with the
 * app's public key (isv.invalid-signature otherwise) and signs each answer with Alipay's key, the
 * `<method>_response` object's JSON text signed and `sign` next to it, written here from Alipay's
 * documentation rather than borrowed from alipay-sdk. Trades live in memory:
 *   POST /gateway.do  alipay.trade.precreate / query / close / refund
 *   GET  /gateway.do  alipay.trade.page.pay: the cashier page, "Pay (stand-in)" (#standin-pay) pays,
 *                     posts the notification and sends the browser to return_url, signed
 *   GET  /__standin/qr/<order no>   the page behind a precreate QR code (what the phone would show)
 * `pay()` plays the buyer; `notificationFor()` / `forgedNotificationFor()` give notification bodies;
 * `setFailure()` / `badSignatureNext()` make the next call of a method fail.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlipayConfig } from '../../server/config';

export type StandinTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';

export interface StandinTrade {
  outTradeNo: string;
  tradeNo: string;
  subject: string;
  totalCents: number;
  status: StandinTradeStatus;
  notifyUrl: string | null;
  returnUrl: string | null;
  createdAt: Date;
  paidAt: Date | null;
  refundedCents: number;
}

export interface StandinRefund {
  orderNo: string;
  tradeNo: string;
  outRequestNo: string;
  refundCents: number;
  reason: string;
  at: Date;
}

export interface StandinFailure {
  code: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
}

export interface NotificationDelivery {
  status: number;
  body: string;
}

export interface AlipayStandin {
  base: string;
  gateway: string;
  appId: string;
  /** Alipay's id of the merchant (seller_id) */
  sellerId: string;
  trades: Map<string, StandinTrade>;
  refunds: StandinRefund[];
  /** every gateway call: the method and its biz_content */
  requests: Array<{ method: string; biz: Record<string, unknown>; params: Record<string, string> }>;
  /** every notification posted, with the server's answer */
  deliveries: Array<{ orderNo: string; url: string; body: string; answer: NotificationDelivery | null }>;
  /** what the server is configured with: the app's private key and Alipay's public key */
  config(): AlipayConfig;
  env(): Record<string, string>;
  /** the buyer pays: the trade becomes TRADE_SUCCESS and (unless notify is false, a lost notification) the notification is posted */
  pay(orderNo: string, opts?: { notify?: boolean }): Promise<NotificationDelivery | null>;
  /** the form body Alipay would post for the trade now, signed with Alipay's key; overrides change fields before signing */
  notificationFor(orderNo: string, overrides?: Record<string, string>): string;
  /** the same body signed with a key that is not Alipay's */
  forgedNotificationFor(orderNo: string, overrides?: Record<string, string>): string;
  /** the next call of `method` answers this business error */
  setFailure(method: string, failure: StandinFailure): void;
  /** the next answer to `method` is signed with a key that is not Alipay's */
  badSignatureNext(method: string): void;
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const yuan = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
/** '12.34' -> 1234; null for anything Alipay would refuse as an amount */
function cents(v: unknown): number | null {
  const m = typeof v === 'string' ? /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(v) : null;
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}
const beijing = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** Alipay's content to sign: the parameters but `sign` (and `sign_type` where asked) with a value, sorted, key=value joined by & */
function signContent(params: Record<string, string>, dropSignType: boolean): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && !(dropSignType && k === 'sign_type') && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}
const rsa2 = (content: string, key: KeyObject) => createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

export async function startAlipayStandin(opts: { appId?: string } = {}): Promise<AlipayStandin> {
  const appKeys = pair();
  const alipayKeys = pair();
  const wrongKeys = pair();
  const failures = new Map<string, StandinFailure>();
  const badSignature = new Set<string>();
  let seq = 0;

  const s: AlipayStandin = {
    base: '',
    gateway: '',
    appId: opts.appId ?? '2021000000000001',
    sellerId: '2088000000000001',
    trades: new Map(),
    refunds: [],
    requests: [],
    deliveries: [],
    config: () => ({
      appId: s.appId,
      privateKey: appKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      alipayPublicKey: alipayKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      gateway: s.gateway,
    }),
    env: () => {
      const c = s.config();
      return { ALIPAY_APP_ID: c.appId, ALIPAY_PRIVATE_KEY: c.privateKey, ALIPAY_PUBLIC_KEY: c.alipayPublicKey, ALIPAY_GATEWAY: c.gateway };
    },
    async pay(orderNo, { notify = true } = {}) {
      const t = tradeOrThrow(orderNo);
      if (t.status === 'WAIT_BUYER_PAY') {
        t.status = 'TRADE_SUCCESS';
        t.paidAt = new Date();
      }
      return notify ? deliver(t) : null;
    },
    notificationFor: (orderNo, overrides = {}) => notificationBody(tradeOrThrow(orderNo), overrides, alipayKeys.privateKey),
    forgedNotificationFor: (orderNo, overrides = {}) => notificationBody(tradeOrThrow(orderNo), overrides, wrongKeys.privateKey),
    setFailure: (method, failure) => void failures.set(method, failure),
    badSignatureNext: (method) => void badSignature.add(method),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function tradeOrThrow(orderNo: string): StandinTrade {
    const t = s.trades.get(orderNo);
    if (!t) throw new Error(`the Alipay stand-in has no trade ${orderNo}`);
    return t;
  }

  function notificationFields(t: StandinTrade): Record<string, string> {
    const now = new Date();
    const f: Record<string, string> = {
      notify_time: beijing(now),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      app_id: s.appId,
      auth_app_id: s.appId,
      seller_id: s.sellerId,
      buyer_id: '2088102177846880',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      trade_status: t.status,
      subject: t.subject,
      total_amount: yuan(t.totalCents),
      receipt_amount: yuan(t.totalCents),
      invoice_amount: yuan(t.totalCents),
      buyer_pay_amount: yuan(t.totalCents),
      point_amount: '0.00',
      gmt_create: beijing(t.createdAt),
      fund_bill_list: JSON.stringify([{ amount: yuan(t.totalCents), fundChannel: 'ALIPAYACCOUNT' }]),
    };
    if (t.paidAt) f.gmt_payment = beijing(t.paidAt);
    if (t.refundedCents > 0) {
      f.refund_fee = yuan(t.refundedCents);
      f.gmt_refund = beijing(now);
    }
    return f;
  }

  /** asynchronous notifications are signed without sign_type (Alipay's rsaCheckV1) */
  function notificationBody(t: StandinTrade, overrides: Record<string, string>, key: KeyObject): string {
    const f = { ...notificationFields(t), ...overrides };
    f.sign = rsa2(signContent(f, true), key);
    return new URLSearchParams(f).toString();
  }

  async function deliver(t: StandinTrade): Promise<NotificationDelivery | null> {
    if (!t.notifyUrl) return null;
    const body = notificationBody(t, {}, alipayKeys.privateKey);
    const entry: AlipayStandin['deliveries'][number] = { orderNo: t.outTradeNo, url: t.notifyUrl, body, answer: null };
    s.deliveries.push(entry);
    try {
      const res = await fetch(t.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body });
      entry.answer = { status: res.status, body: await res.text() };
    } catch {
      // the merchant did not answer: Alipay would retry later; the tests look at `deliveries`
    }
    return entry.answer;
  }

  const answer = (res: http.ServerResponse, method: string, data: Record<string, unknown>) => {
    const key = `${method.replaceAll('.', '_')}_response`;
    const text = JSON.stringify(data);
    const signer = badSignature.delete(method) ? wrongKeys.privateKey : alipayKeys.privateKey;
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${key}":${text},"sign":"${rsa2(text, signer)}"}`);
  };
  const fail = (res: http.ServerResponse, method: string, f: StandinFailure) =>
    answer(res, method, {
      code: f.code,
      msg: f.msg ?? (f.code === '40002' ? 'Invalid Arguments' : 'Business Failed'),
      sub_code: f.sub_code,
      sub_msg: f.sub_msg,
    });
  const notExist = { code: '40004', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
  const html = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>Alipay cashier (stand-in)</title></head><body>${body}</body></html>`);
  };

  const cashier = (t: StandinTrade) =>
    `<h1 id="subject">${esc(t.subject)}</h1><p>Amount: <b id="amount">${yuan(t.totalCents)}</b> CNY</p><p id="status">${t.status}</p>
     <form action="/__standin/pay" method="post"><input type="hidden" name="out_trade_no" value="${esc(t.outTradeNo)}">
     <button type="submit" id="standin-pay">Pay (stand-in)</button></form>`;

  /** the trade a create call names, or the business error Alipay gives for it */
  function openTrade(biz: Record<string, unknown>, params: Record<string, string>): StandinTrade | StandinFailure {
    const outTradeNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
    const total = cents(biz.total_amount);
    const subject = typeof biz.subject === 'string' ? biz.subject : '';
    if (!outTradeNo || !subject || total === null)
      return { code: '40002', sub_code: 'isv.missing-parameter', sub_msg: 'out_trade_no, subject and total_amount are required' };
    if (total <= 0 || total > 10_000_000_000) return { code: '40004', sub_code: 'ACQ.TOTAL_FEE_EXCEED', sub_msg: '订单金额超过限额' };
    const existing = s.trades.get(outTradeNo);
    if (existing) {
      if (existing.status === 'TRADE_SUCCESS') return { code: '40004', sub_code: 'ACQ.TRADE_HAS_SUCCESS', sub_msg: '交易已被支付' };
      if (existing.status === 'TRADE_CLOSED') return { code: '40004', sub_code: 'ACQ.TRADE_HAS_CLOSE', sub_msg: '交易已经关闭' };
      if (existing.totalCents !== total) return { code: '40004', sub_code: 'ACQ.CONTEXT_INCONSISTENT', sub_msg: '交易信息被篡改' };
    }
    const t: StandinTrade = existing ?? {
      outTradeNo,
      tradeNo: `${beijing(new Date()).replace(/\D/g, '').slice(0, 8)}22001${String(++seq).padStart(12, '0')}`,
      subject,
      totalCents: total,
      status: 'WAIT_BUYER_PAY',
      notifyUrl: null,
      returnUrl: null,
      createdAt: new Date(),
      paidAt: null,
      refundedCents: 0,
    };
    t.notifyUrl = params.notify_url || t.notifyUrl;
    t.returnUrl = params.return_url || t.returnUrl;
    s.trades.set(outTradeNo, t);
    return t;
  }
  const isFailure = (x: StandinTrade | StandinFailure): x is StandinFailure => 'code' in x;

  /** a request's common parameters and signature, as the gateway checks them before anything else */
  function checkRequest(params: Record<string, string>): StandinFailure | null {
    if (params.app_id !== s.appId) return { code: '40002', sub_code: 'isv.invalid-app-id', sub_msg: '无效的AppID参数' };
    if (params.sign_type !== 'RSA2') return { code: '40002', sub_code: 'isv.invalid-signature-type', sub_msg: '无效的签名类型' };
    if (!params.sign) return { code: '40001', sub_code: 'isv.missing-signature', sub_msg: '缺少签名参数' };
    let ok = false;
    try {
      ok = createVerify('RSA-SHA256').update(signContent(params, false), 'utf8').verify(appKeys.publicKey, params.sign, 'base64');
    } catch {
      ok = false;
    }
    return ok ? null : { code: '40002', sub_code: 'isv.invalid-signature', sub_msg: '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配' };
  }

  async function gateway(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: string) {
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.method === 'POST') for (const [k, v] of new URLSearchParams(body)) params[k] = v;
    const method = params.method ?? '';
    let biz: Record<string, unknown> = {};
    try {
      biz = params.biz_content ? (JSON.parse(params.biz_content) as Record<string, unknown>) : {};
    } catch {
      return fail(res, method, { code: '40002', sub_code: 'isv.invalid-biz-content', sub_msg: 'biz_content 不是合法的JSON' });
    }
    s.requests.push({ method, biz, params });
    const refused = checkRequest(params);
    if (method === 'alipay.trade.page.pay') {
      if (req.method !== 'GET' && req.method !== 'POST') return html(res, 405, '<p id="error">method not allowed</p>');
      if (refused) return html(res, 200, `<p id="error">${esc(refused.sub_code ?? refused.code)}: ${esc(refused.sub_msg ?? '')}</p>`);
      const t = openTrade(biz, params);
      if (isFailure(t)) return html(res, 200, `<p id="error">${esc(t.sub_code ?? t.code)}: ${esc(t.sub_msg ?? '')}</p>`);
      return html(res, 200, cashier(t));
    }
    if (refused) return fail(res, method, refused);
    const injected = failures.get(method);
    if (injected) {
      failures.delete(method);
      return fail(res, method, injected);
    }
    const outTradeNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
    const t = s.trades.get(outTradeNo) ?? [...s.trades.values()].find((x) => x.tradeNo === biz.trade_no);
    const ok = { code: '10000', msg: 'Success' };
    switch (method) {
      case 'alipay.trade.precreate': {
        const opened = openTrade(biz, params);
        if (isFailure(opened)) return fail(res, method, opened);
        return answer(res, method, { ...ok, out_trade_no: opened.outTradeNo, qr_code: `${s.base}/__standin/qr/${encodeURIComponent(opened.outTradeNo)}` });
      }
      case 'alipay.trade.query': {
        if (!t) return fail(res, method, notExist);
        return answer(res, method, {
          ...ok,
          trade_no: t.tradeNo,
          out_trade_no: t.outTradeNo,
          buyer_logon_id: 'buy***@example.com',
          trade_status: t.status,
          total_amount: yuan(t.totalCents),
          ...(t.paidAt ? { buyer_pay_amount: yuan(t.totalCents), receipt_amount: yuan(t.totalCents), send_pay_date: beijing(t.paidAt) } : {}),
        });
      }
      case 'alipay.trade.close': {
        if (!t) return fail(res, method, notExist);
        if (t.status === 'TRADE_SUCCESS') return fail(res, method, { code: '40004', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' });
        t.status = 'TRADE_CLOSED';
        return answer(res, method, { ...ok, trade_no: t.tradeNo, out_trade_no: t.outTradeNo });
      }
      case 'alipay.trade.refund': {
        if (!t) return fail(res, method, notExist);
        const outRequestNo = typeof biz.out_request_no === 'string' && biz.out_request_no ? biz.out_request_no : t.outTradeNo;
        const amount = cents(biz.refund_amount);
        const done = { ...ok, trade_no: t.tradeNo, out_trade_no: t.outTradeNo, buyer_logon_id: 'buy***@example.com', gmt_refund_pay: beijing(new Date()) };
        // the same out_request_no again is the same refund: answered again, no money moves
        const earlier = s.refunds.find((r) => r.orderNo === t.outTradeNo && r.outRequestNo === outRequestNo);
        if (earlier) return answer(res, method, { ...done, fund_change: 'N', refund_fee: yuan(t.refundedCents) });
        if (t.paidAt === null) return fail(res, method, { code: '40004', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' });
        if (amount === null || amount <= 0) return fail(res, method, { code: '40002', sub_code: 'isv.invalid-parameter', sub_msg: 'refund_amount 不合法' });
        if (t.refundedCents + amount > t.totalCents)
          return fail(res, method, { code: '40004', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', sub_msg: '退款金额超限' });
        t.refundedCents += amount;
        if (t.refundedCents === t.totalCents) t.status = 'TRADE_CLOSED';
        s.refunds.push({
          orderNo: t.outTradeNo,
          tradeNo: t.tradeNo,
          outRequestNo,
          refundCents: amount,
          reason: String(biz.refund_reason ?? ''),
          at: new Date(),
        });
        return answer(res, method, { ...done, fund_change: 'Y', refund_fee: yuan(t.refundedCents) });
      }
      default:
        return fail(res, method, { code: '40002', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' });
    }
  }

  /** the cashier's button: pay, notify, then back to the merchant's return_url with the signed return parameters */
  async function payFromPage(res: http.ServerResponse, orderNo: string) {
    const t = s.trades.get(orderNo);
    if (!t) return html(res, 404, '<p id="error">ACQ.TRADE_NOT_EXIST</p>');
    if (t.status === 'TRADE_CLOSED') return html(res, 200, '<p id="error">ACQ.TRADE_HAS_CLOSE</p>');
    await s.pay(orderNo);
    if (!t.returnUrl) return html(res, 200, `<p id="paid">Paid ${yuan(t.totalCents)} CNY</p>`);
    const ret: Record<string, string> = {
      method: 'alipay.trade.page.pay.return',
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      timestamp: beijing(new Date()),
      app_id: s.appId,
      auth_app_id: s.appId,
      seller_id: s.sellerId,
      out_trade_no: t.outTradeNo,
      trade_no: t.tradeNo,
      total_amount: yuan(t.totalCents),
    };
    ret.sign = rsa2(signContent(ret, true), alipayKeys.privateKey);
    const to = new URL(t.returnUrl);
    for (const [k, v] of Object.entries(ret)) to.searchParams.set(k, v);
    res.writeHead(302, { location: to.toString() });
    res.end();
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const body = Buffer.concat(chunks).toString('utf8');
      const route = async () => {
        if (url.pathname === '/gateway.do') return gateway(req, res, url, body);
        if (url.pathname.startsWith('/__standin/qr/')) {
          const t = s.trades.get(decodeURIComponent(url.pathname.slice('/__standin/qr/'.length)));
          return t ? html(res, 200, cashier(t)) : html(res, 404, '<p id="error">ACQ.TRADE_NOT_EXIST</p>');
        }
        if (url.pathname === '/__standin/pay' && req.method === 'POST') return payFromPage(res, new URLSearchParams(body).get('out_trade_no') ?? '');
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
      };
      route().catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  s.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  s.gateway = `${s.base}/gateway.do`;
  return s;
}
