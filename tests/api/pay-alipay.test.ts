/**
 * The Alipay provider client against the local stand-in of Alipay's gateway: both sides sign and
 * check RSA2 signatures with their own keys, so a wrong key or a changed field is caught as it would be.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NotificationRejected, ProviderCallError, type CreatePayment } from '../../server/modules/payments/provider';
import { alipayProvider, centsOf, type AlipayProvider } from '../../server/modules/payments/providers/alipay';
import { type AlipayStandin, startAlipayStandin } from '../support/alipay-standin';

let standin: AlipayStandin;
let provider: AlipayProvider;
/** the merchant's notify endpoint: checks each notification with the provider and answers its ack */
let receiver: http.Server;
let notifyUrl = '';
const received: Array<{ ok: boolean; orderNo: string | null }> = [];

beforeAll(async () => {
  standin = await startAlipayStandin();
  provider = alipayProvider(standin.config());
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      provider
        .verifyNotification({ headers: req.headers, rawBody: raw })
        .then((n) => ({ ok: true, orderNo: n.orderNo }))
        .catch((e: unknown) => ({ ok: false, orderNo: e instanceof NotificationRejected ? e.orderNo : null }))
        .then((r) => {
          received.push(r);
          const a = provider.ack(r.ok);
          res.writeHead(a.status, { 'content-type': a.contentType });
          res.end(a.body);
        });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/pay/notify/alipay`;
});
afterAll(async () => {
  await standin?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

let seq = 0;
const order = (amountCents: number, method: CreatePayment['method'] = 'alipay_qr'): CreatePayment => ({
  orderNo: `P${Date.now()}${++seq}`,
  amountCents,
  subject: '积分充值 Credits top-up',
  method,
  notifyUrl,
  returnUrl: 'http://console.example/pages/pay/success',
  expiresAt: new Date(Date.now() + 15 * 60_000),
});

/** an order created and paid (without the notification: these tests read it themselves) */
async function paidOrder(amountCents: number) {
  const o = order(amountCents);
  await provider.create(o);
  await standin.pay(o.orderNo, { notify: false });
  return o;
}

const rejectedFor = async (rawBody: string) => {
  const err = await provider.verifyNotification({ headers: {}, rawBody }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(NotificationRejected);
  return err as NotificationRejected;
};

describe('amounts', () => {
  test('yuan amounts read exactly as cents', () => {
    expect(centsOf('0.01')).toBe(1);
    expect(centsOf('1234.56')).toBe(123456);
    expect(centsOf('0.3')).toBe(30);
    expect(centsOf('1.005')).toBeNull();
    expect(centsOf('-1.00')).toBeNull();
  });
});

describe('keys', () => {
  test("keys given as Alipay's key tool writes them (bare base64, PKCS#1 private key) work as PEM does", async () => {
    const c = standin.config();
    const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const privateKey = bare(createPrivateKey(c.privateKey).export({ type: 'pkcs1', format: 'pem' }).toString());
    const alipayPublicKey = bare(createPublicKey(c.alipayPublicKey).export({ type: 'spki', format: 'pem' }).toString());
    const o = order(4200);
    const bareProvider = alipayProvider({ ...c, privateKey, alipayPublicKey });
    expect((await bareProvider.create(o)).qrCode).toBeTruthy();
    expect((await bareProvider.query(o.orderNo)).status).toBe('unpaid');
  });
});

describe('creating a payment', () => {
  test('a QR payment is precreated with the amount in yuan and answers the QR code', async () => {
    const o = order(1234);
    const created = await provider.create(o);
    expect(created.qrCode).toBe(`${standin.base}/__standin/qr/${o.orderNo}`);
    const call = standin.requests.filter((r) => r.method === 'alipay.trade.precreate').at(-1)!;
    expect(call.biz).toMatchObject({ out_trade_no: o.orderNo, total_amount: '12.34', subject: o.subject });
    expect(call.params.notify_url).toBe(notifyUrl);
    // Alipay reads times as Beijing wall-clock time
    const expires = new Date(`${String(call.biz.time_expire).replace(' ', 'T')}+08:00`);
    expect(Math.abs(expires.getTime() - o.expiresAt.getTime())).toBeLessThan(1000);
    expect(standin.trades.get(o.orderNo)?.status).toBe('WAIT_BUYER_PAY');
  });

  test('a computer-website payment answers a signed URL on the gateway that opens the cashier page', async () => {
    const o = order(1, 'alipay_page');
    const { payUrl, qrCode } = await provider.create(o);
    expect(qrCode).toBeUndefined();
    const url = new URL(payUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(standin.gateway);
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(url.searchParams.get('return_url')).toBe(o.returnUrl);
    const page = await fetch(payUrl!);
    const text = await page.text();
    expect(text).toContain('id="standin-pay"');
    expect(text).toContain('<b id="amount">0.01</b>');
    expect(text).toContain('积分充值');
  });

  test('a page URL whose signature was tampered with is refused by the gateway', async () => {
    const { payUrl } = await provider.create(order(500, 'alipay_page'));
    const tampered = payUrl!.replace(encodeURIComponent('"total_amount":"5.00"'), encodeURIComponent('"total_amount":"0.01"'));
    expect(tampered).not.toBe(payUrl);
    const text = await (await fetch(tampered)).text();
    expect(text).toContain('isv.invalid-signature');
    expect(text).not.toContain('standin-pay');
  });

  test("the cashier's button pays, notifies the merchant and sends the browser back to return_url", async () => {
    const o = order(9900, 'alipay_page');
    const { payUrl } = await provider.create(o);
    await fetch(payUrl!);
    const before = received.length;
    const res = await fetch(`${standin.base}/__standin/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ out_trade_no: o.orderNo }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(o.returnUrl);
    expect(back.searchParams.get('out_trade_no')).toBe(o.orderNo);
    expect(back.searchParams.get('total_amount')).toBe('99.00');
    expect(received.slice(before)).toEqual([{ ok: true, orderNo: o.orderNo }]);
    expect(standin.deliveries.at(-1)?.answer).toEqual({ status: 200, body: 'success' });
  });
});

describe('querying a trade', () => {
  test('unknown to Alipay, waiting, then paid, with the amount in exact cents', async () => {
    const o = order(123456);
    expect(await provider.query(o.orderNo)).toMatchObject({ orderNo: o.orderNo, status: 'unpaid', amountCents: null, tradeNo: null });
    await provider.create(o);
    expect(await provider.query(o.orderNo)).toMatchObject({ status: 'unpaid', amountCents: null });
    await standin.pay(o.orderNo, { notify: false });
    const paid = await provider.query(o.orderNo);
    expect(paid).toMatchObject({ orderNo: o.orderNo, status: 'paid', amountCents: 123456, appId: standin.appId });
    expect(paid.tradeNo).toBe(standin.trades.get(o.orderNo)!.tradeNo);
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect(Math.abs(paid.paidAt!.getTime() - standin.trades.get(o.orderNo)!.paidAt!.getTime())).toBeLessThan(1000);
  });

  test('one fen stays one fen', async () => {
    const o = await paidOrder(1);
    expect((await provider.query(o.orderNo)).amountCents).toBe(1);
  });

  test('a closed trade reads closed; closing one Alipay never saw is fine', async () => {
    const o = order(800);
    await provider.create(o);
    await provider.close(o.orderNo);
    expect(standin.trades.get(o.orderNo)?.status).toBe('TRADE_CLOSED');
    expect(await provider.query(o.orderNo)).toMatchObject({ status: 'closed', amountCents: 800 });
    await expect(provider.close(order(100).orderNo)).resolves.toBeUndefined();
  });

  test('closing a paid trade is refused with Alipay’s code', async () => {
    const o = await paidOrder(300);
    await expect(provider.close(o.orderNo)).rejects.toMatchObject({ provider: 'alipay', providerCode: 'ACQ.TRADE_STATUS_ERROR' });
  });
});

describe('notifications', () => {
  test('a payment notification verifies and reads the trade', async () => {
    const o = order(1999);
    await provider.create(o);
    const before = received.length;
    const delivered = await standin.pay(o.orderNo);
    expect(delivered).toEqual({ status: 200, body: 'success' });
    expect(received.slice(before)).toEqual([{ ok: true, orderNo: o.orderNo }]);

    const n = await provider.verifyNotification({ headers: {}, rawBody: standin.notificationFor(o.orderNo) });
    expect(n).toMatchObject({ orderNo: o.orderNo, status: 'paid', amountCents: 1999, appId: standin.appId });
    expect(n.tradeNo).toBe(standin.trades.get(o.orderNo)!.tradeNo);
    expect(n.notifyId).toMatch(/^[0-9a-f]{32}$/);
    expect(n.paidAt).toBeInstanceOf(Date);
  });

  test('a lost notification posts nothing', async () => {
    const o = order(100);
    await provider.create(o);
    const before = standin.deliveries.length;
    expect(await standin.pay(o.orderNo, { notify: false })).toBeNull();
    expect(standin.deliveries.length).toBe(before);
    expect((await provider.query(o.orderNo)).status).toBe('paid');
  });

  test('a different amount or app id signed by Alipay verifies: the core, not the signature, must catch it', async () => {
    const o = await paidOrder(5000);
    const n = await provider.verifyNotification({
      headers: {},
      rawBody: standin.notificationFor(o.orderNo, { total_amount: '0.01', app_id: '2021999999999999' }),
    });
    expect(n).toMatchObject({ amountCents: 1, appId: '2021999999999999' });
  });

  test('a notification signed with another key is rejected', async () => {
    const o = await paidOrder(5000);
    const err = await rejectedFor(standin.forgedNotificationFor(o.orderNo));
    expect(err).toMatchObject({ reason: 'signature', orderNo: o.orderNo });
  });

  test('a field changed after signing is rejected', async () => {
    const o = await paidOrder(5000);
    const body = new URLSearchParams(standin.notificationFor(o.orderNo));
    body.set('total_amount', '0.01');
    await rejectedFor(body.toString());
    const unsigned = new URLSearchParams(standin.notificationFor(o.orderNo));
    unsigned.delete('sign');
    await rejectedFor(unsigned.toString());
  });

  test('the acknowledgement is plain text success / fail', () => {
    expect(provider.ack(true)).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
    expect(provider.ack(false)).toEqual({ status: 200, contentType: 'text/plain', body: 'fail' });
  });
});

describe('refunds', () => {
  test('in part, then the rest: the trade ends refunded', async () => {
    const o = await paidOrder(10000);
    const tradeNo = standin.trades.get(o.orderNo)!.tradeNo;
    const part = await provider.refund({ orderNo: o.orderNo, tradeNo, refundNo: `R${o.orderNo}a`, refundCents: 2550, totalCents: 10000, reason: 'partial' });
    expect(part).toEqual({ status: 'succeeded', providerRefundId: `R${o.orderNo}a` });
    expect(standin.refunds.filter((r) => r.orderNo === o.orderNo).map((r) => r.refundCents)).toEqual([2550]);
    expect((await provider.query(o.orderNo)).status).toBe('paid');

    // the same refund asked again moves no money and still stands
    const again = await provider.refund({ orderNo: o.orderNo, tradeNo, refundNo: `R${o.orderNo}a`, refundCents: 2550, totalCents: 10000, reason: 'partial' });
    expect(again.status).toBe('succeeded');
    expect(standin.trades.get(o.orderNo)!.refundedCents).toBe(2550);

    await provider.refund({ orderNo: o.orderNo, tradeNo, refundNo: `R${o.orderNo}b`, refundCents: 7450, totalCents: 10000, reason: 'rest' });
    expect(standin.trades.get(o.orderNo)!.refundedCents).toBe(10000);
    expect(await provider.query(o.orderNo)).toMatchObject({ status: 'refunded', amountCents: 10000 });
    const n = await provider.verifyNotification({ headers: {}, rawBody: standin.notificationFor(o.orderNo) });
    expect(n.status).toBe('refunded');
  });

  test('in full at once', async () => {
    const o = await paidOrder(1);
    const r = await provider.refund({ orderNo: o.orderNo, tradeNo: null, refundNo: `R${o.orderNo}`, refundCents: 1, totalCents: 1, reason: 'full' });
    expect(r.status).toBe('succeeded');
    expect(standin.refunds.at(-1)).toMatchObject({ orderNo: o.orderNo, outRequestNo: `R${o.orderNo}`, refundCents: 1, reason: 'full' });
    expect((await provider.query(o.orderNo)).status).toBe('refunded');
  });

  test('more than was paid is refused with Alipay’s code', async () => {
    const o = await paidOrder(100);
    const err = await provider
      .refund({ orderNo: o.orderNo, tradeNo: null, refundNo: `R${o.orderNo}`, refundCents: 101, totalCents: 100, reason: 'x' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderCallError);
    expect(err).toMatchObject({ providerCode: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', message: '退款金额超限' });
    expect(standin.trades.get(o.orderNo)!.refundedCents).toBe(0);
  });
});

describe('errors', () => {
  test("a business error becomes ProviderCallError with Alipay's sub_code and words", async () => {
    standin.setFailure('alipay.trade.precreate', { code: '40004', sub_code: 'ACQ.SYSTEM_ERROR', sub_msg: '系统错误' });
    const err = await provider.create(order(100)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderCallError);
    expect(err).toMatchObject({ provider: 'alipay', providerCode: 'ACQ.SYSTEM_ERROR', message: '系统错误' });
    // only the next call fails
    expect((await provider.create(order(100))).qrCode).toBeTruthy();
  });

  test('an answer whose signature does not verify is refused, whatever it says', async () => {
    const o = await paidOrder(700);
    standin.badSignatureNext('alipay.trade.query');
    await expect(provider.query(o.orderNo)).rejects.toMatchObject({ provider: 'alipay', providerCode: 'INVALID_RESPONSE_SIGNATURE' });
  });

  test('requests signed with a key that is not the app’s are refused by the gateway', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const wrong = alipayProvider({ ...standin.config(), privateKey: other });
    await expect(wrong.query('P1')).rejects.toMatchObject({ providerCode: 'isv.invalid-signature' });
  });

  test('a gateway that does not answer is an error, not a hang', async () => {
    const closed = http.createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const down = alipayProvider({ ...standin.config(), gateway: `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gateway.do` });
    const err = await down.query('P1').catch((e: unknown) => e);
    await new Promise((resolve) => closed.close(resolve));
    expect(err).toMatchObject({ provider: 'alipay', providerCode: 'UNREACHABLE' });
  });
});
