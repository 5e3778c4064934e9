/**
 * The WeChat Pay v3 client against a local stand-in of api.mch.weixin.qq.com: Native prepay, query,
 * close, refund, notifications (signature, serial, age, encryption) and the errors WeChat Pay answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NotificationRejected, ProviderCallError, type VerifiedNotification } from '../../server/modules/payments/provider';
import { WxpayProvider, wxpayProvider } from '../../server/modules/payments/providers/wxpay';
import { startWxpayStandin, type WxpayStandin } from '../support/wxpay-standin';

let wx: WxpayStandin;
let provider: WxpayProvider;
/** a merchant notify endpoint: verifies with the provider and answers its ack */
let notifyServer: http.Server;
let notifyUrl: string;
const received: Array<VerifiedNotification | NotificationRejected> = [];

beforeAll(async () => {
  wx = await startWxpayStandin();
  provider = wxpayProvider(wx.config());
  notifyServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      let ok = true;
      try {
        received.push(await provider.verifyNotification({ headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') }));
      } catch (e) {
        received.push(e as NotificationRejected);
        ok = false;
      }
      const a = provider.ack(ok);
      res.writeHead(a.status, a.body ? { 'content-type': a.contentType } : {});
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => notifyServer.listen(0, '127.0.0.1', resolve));
  notifyUrl = `http://127.0.0.1:${(notifyServer.address() as AddressInfo).port}/api/pay/notify/wxpay`;
});
afterAll(async () => {
  await wx?.close();
  notifyServer?.closeAllConnections();
  await new Promise((resolve) => notifyServer?.close(resolve));
});

let seq = 0;
const orderNo = () => `T${Date.now()}${String(++seq).padStart(4, '0')}`;

async function created(amountCents = 1990) {
  const no = orderNo();
  const r = await provider.create({
    orderNo: no,
    amountCents,
    subject: '充值 1990 积分',
    method: 'wxpay_native',
    notifyUrl,
    returnUrl: 'http://console.test/pay/success',
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
  return { no, qrCode: r.qrCode };
}

async function rejection(p: Promise<unknown>): Promise<NotificationRejected> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(NotificationRejected);
  return e as NotificationRejected;
}

async function callError(p: Promise<unknown>): Promise<ProviderCallError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ProviderCallError);
  return e as ProviderCallError;
}

test('the provider states who it is and what it offers', () => {
  expect(provider).toMatchObject({ name: 'wxpay', methods: ['wxpay_native'], appId: wx.appid, mchId: wx.mchid });
});

test('native prepay answers a weixin:// code_url for the order, in cents, with its notify URL and expiry', async () => {
  const { no, qrCode } = await created(1990);
  expect(qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=\w+$/);
  const t = wx.trades.get(no)!;
  expect(t).toMatchObject({ total: 1990, appid: wx.appid, mchid: wx.mchid, notify_url: notifyUrl, description: '充值 1990 积分' });
  expect(t.time_expire).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
  expect(Math.abs(Date.parse(t.time_expire) - (Date.now() + 15 * 60_000))).toBeLessThan(60_000);
});

test('query: an unknown order is unpaid; a created one unpaid; after paying, paid with the amount, ids and time', async () => {
  await expect(provider.query('NEVER-CREATED-1')).resolves.toMatchObject({ orderNo: 'NEVER-CREATED-1', status: 'unpaid', amountCents: null, tradeNo: null });
  const { no } = await created(2500);
  await expect(provider.query(no)).resolves.toMatchObject({ orderNo: no, status: 'unpaid', amountCents: null, paidAt: null });
  const before = Date.now() - 1000;
  await wx.pay(no, { notify: false });
  const s = await provider.query(no);
  expect(s).toMatchObject({ orderNo: no, status: 'paid', amountCents: 2500, appId: wx.appid, mchId: wx.mchid, tradeNo: wx.trades.get(no)!.transaction_id });
  expect(s.paidAt!.getTime()).toBeGreaterThanOrEqual(before);
});

test('a real notification verifies and decrypts into the paid trade, and is acknowledged with 204', async () => {
  const { no } = await created(990);
  const n = received.length;
  await wx.pay(no);
  expect(wx.deliveries.at(-1)).toEqual({ orderNo: no, status: 204, body: '' });
  const v = received[n] as VerifiedNotification;
  expect(v).toMatchObject({ orderNo: no, status: 'paid', amountCents: 990, appId: wx.appid, mchId: wx.mchid, tradeNo: wx.trades.get(no)!.transaction_id });
  expect(v.notifyId).toBe(wx.trades.get(no)!.eventId);
  expect(v.paidAt).toBeInstanceOf(Date);
  // a retry of the same notification carries the same event id, so the core can tell duplicates
  const retry = wx.notificationFor(no);
  const again = await provider.verifyNotification({ headers: retry.headers, rawBody: retry.body });
  expect(again.notifyId).toBe(v.notifyId);
});

test('the notification states what was decrypted: another amount, app id or merchant reaches the core as such', async () => {
  const { no } = await created(1000);
  await wx.pay(no, { notify: false });
  const n = wx.notificationFor(no, { amount: { total: 1, payer_total: 1 }, appid: 'wx_other_app', mchid: '1234567890' });
  await expect(provider.verifyNotification({ headers: n.headers, rawBody: n.body })).resolves.toMatchObject({
    orderNo: no,
    amountCents: 1,
    appId: 'wx_other_app',
    mchId: '1234567890',
  });
});

test('headers are read whatever their case (Fastify hands them over in lower case)', async () => {
  const { no } = await created();
  await wx.pay(no, { notify: false });
  const n = wx.notificationFor(no);
  const lower = Object.fromEntries(Object.entries(n.headers).map(([k, v]) => [k.toLowerCase(), v]));
  await expect(provider.verifyNotification({ headers: lower, rawBody: n.body })).resolves.toMatchObject({ orderNo: no, status: 'paid' });
});

test('a forged signature, a wrong serial, an old timestamp, missing headers and an altered body are refused as signature', async () => {
  const { no } = await created();
  await wx.pay(no, { notify: false });
  const forged = wx.forgedNotificationFor(no);
  expect((await rejection(provider.verifyNotification({ headers: forged.headers, rawBody: forged.body }))).reason).toBe('signature');

  const otherSerial = wx.notificationFor(no, { serial: 'PUB_KEY_ID_0000000000000000000000000000' });
  expect((await rejection(provider.verifyNotification({ headers: otherSerial.headers, rawBody: otherSerial.body }))).reason).toBe('signature');

  const old = wx.notificationFor(no, { at: new Date(Date.now() - 6 * 60_000) });
  expect((await rejection(provider.verifyNotification({ headers: old.headers, rawBody: old.body }))).reason).toBe('signature');
  const ahead = wx.notificationFor(no, { at: new Date(Date.now() + 6 * 60_000) });
  expect((await rejection(provider.verifyNotification({ headers: ahead.headers, rawBody: ahead.body }))).reason).toBe('signature');
  // just inside the window still holds
  const recent = wx.notificationFor(no, { at: new Date(Date.now() - 4 * 60_000) });
  await expect(provider.verifyNotification({ headers: recent.headers, rawBody: recent.body })).resolves.toMatchObject({ status: 'paid' });

  const good = wx.notificationFor(no);
  const { 'Wechatpay-Signature': _sig, ...unsigned } = good.headers;
  expect((await rejection(provider.verifyNotification({ headers: unsigned, rawBody: good.body }))).reason).toBe('signature');
  const altered = good.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESZ');
  expect((await rejection(provider.verifyNotification({ headers: good.headers, rawBody: altered }))).reason).toBe('signature');
});

test('a signed notification whose ciphertext was tampered with is refused as decrypt', async () => {
  const { no } = await created();
  await wx.pay(no, { notify: false });
  const n = wx.notificationFor(no, { tamperCiphertext: true });
  expect((await rejection(provider.verifyNotification({ headers: n.headers, rawBody: n.body }))).reason).toBe('decrypt');
});

test('a rejected notification is answered 400 with a FAIL code, so WeChat Pay sends it again', async () => {
  expect(provider.ack(false)).toEqual({ status: 400, contentType: expect.stringContaining('application/json'), body: expect.any(String) });
  expect(JSON.parse(provider.ack(false).body)).toMatchObject({ code: 'FAIL' });
  expect(provider.ack(true)).toMatchObject({ status: 204, body: '' });
});

test('close: an unpaid trade closes and reads closed; a paid one cannot be closed', async () => {
  const { no } = await created();
  await provider.close(no);
  expect(wx.trades.get(no)!.trade_state).toBe('CLOSED');
  await expect(provider.query(no)).resolves.toMatchObject({ status: 'closed', amountCents: null });

  const paid = await created();
  await wx.pay(paid.no, { notify: false });
  const e = await callError(provider.close(paid.no));
  expect(e).toMatchObject({ provider: 'wxpay', providerCode: 'ORDERPAID' });
});

test('refund in part, then the rest; the trade reads refunded; more than remains is refused', async () => {
  const { no } = await created(3000);
  await wx.pay(no, { notify: false });
  const tradeNo = wx.trades.get(no)!.transaction_id!;
  const part = await provider.refund({ orderNo: no, tradeNo, refundNo: `${no}R1`, refundCents: 1000, totalCents: 3000, reason: '用户申请退款' });
  expect(part).toEqual({ status: 'succeeded', providerRefundId: wx.refunds.at(-1)!.refund_id });
  expect(wx.refunds.at(-1)).toMatchObject({ out_trade_no: no, out_refund_no: `${no}R1`, refund: 1000, total: 3000, reason: '用户申请退款' });
  await expect(provider.query(no)).resolves.toMatchObject({ status: 'refunded', amountCents: 3000 });

  const over = await callError(provider.refund({ orderNo: no, tradeNo, refundNo: `${no}R2`, refundCents: 2001, totalCents: 3000, reason: 'too much' }));
  expect(over.providerCode).toBe('NOT_ENOUGH');
  await expect(provider.refund({ orderNo: no, tradeNo, refundNo: `${no}R3`, refundCents: 2000, totalCents: 3000, reason: 'rest' })).resolves.toMatchObject({
    status: 'succeeded',
  });
  expect(wx.trades.get(no)!.refunded).toBe(3000);
});

test('a full refund WeChat Pay is still moving answers processing; an abnormal one is an error', async () => {
  const { no } = await created(500);
  await wx.pay(no, { notify: false });
  wx.refundStatus = 'PROCESSING';
  try {
    await expect(provider.refund({ orderNo: no, tradeNo: null, refundNo: `${no}R1`, refundCents: 500, totalCents: 500, reason: '' })).resolves.toMatchObject({
      status: 'processing',
      providerRefundId: expect.stringMatching(/^5\d+$/),
    });
    const other = await created(500);
    await wx.pay(other.no, { notify: false });
    wx.refundStatus = 'ABNORMAL';
    expect(
      (await callError(provider.refund({ orderNo: other.no, tradeNo: null, refundNo: `${other.no}R1`, refundCents: 500, totalCents: 500, reason: 'x' })))
        .providerCode,
    ).toBe('ABNORMAL');
  } finally {
    wx.refundStatus = 'SUCCESS';
  }
});

test("a WeChat Pay error becomes ProviderCallError with WeChat Pay's code and message", async () => {
  wx.setFailure('/v3/pay/transactions/native', { status: 500, code: 'SYSTEM_ERROR', message: '系统错误' });
  try {
    const e = await callError(created());
    expect(e).toMatchObject({ provider: 'wxpay', providerCode: 'SYSTEM_ERROR', message: '系统错误' });
  } finally {
    wx.setFailure('/v3/pay/transactions/native', null);
  }
  await expect(created()).resolves.toMatchObject({ qrCode: expect.stringMatching(/^weixin:/) });
});

test('a request signed with another merchant key is refused by WeChat Pay with SIGN_ERROR', async () => {
  const stranger = await startWxpayStandin({ mchid: wx.mchid, appid: wx.appid });
  try {
    // same merchant id, but the key and serial of another set-up
    const misconfigured = wxpayProvider({ ...stranger.config(), apiBase: wx.base });
    expect((await callError(misconfigured.query('ANY-ORDER-1'))).providerCode).toBe('SIGN_ERROR');
  } finally {
    await stranger.close();
  }
});

test('an answer whose signature does not verify with the WeChat Pay public key is refused', async () => {
  const { no } = await created();
  await wx.pay(no, { notify: false });
  wx.forgeAnswers = true;
  try {
    expect((await callError(provider.query(no))).providerCode).toBe('SIGN_INVALID');
    // nor does a forged "order does not exist" make a paid order read unpaid
    expect(await callError(provider.query('NEVER-CREATED-2'))).toMatchObject({ providerCode: 'ORDER_NOT_EXIST' });
  } finally {
    wx.forgeAnswers = false;
  }
  await expect(provider.query(no)).resolves.toMatchObject({ status: 'paid' });
});

test('no answer in time is a TIMEOUT error; an unreachable host a NETWORK_ERROR', async () => {
  const impatient = new WxpayProvider(wx.config(), { timeoutMs: 300 });
  wx.stall('/v3/pay/transactions/out-trade-no/');
  try {
    expect((await callError(impatient.query('ANY-ORDER-2'))).providerCode).toBe('TIMEOUT');
  } finally {
    wx.stall(null);
  }
  const gone = wxpayProvider({ ...wx.config(), apiBase: 'http://127.0.0.1:1' });
  expect((await callError(gone.query('ANY-ORDER-3'))).providerCode).toBe('NETWORK_ERROR');
});
