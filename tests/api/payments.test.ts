/**
 * Top-up payments end to end on the server, against the Alipay and WeChat Pay stand-ins (they sign
 * and verify with key pairs they generate): a paid order credits once; duplicate, concurrent and
 * replayed notifications credit once; forged, wrong-amount, other-app and unknown-order ones
 * credit nothing and are recorded; a lost notification is recovered by following the order and by
 * the re-query job; expiry; refunds and the rule for credits already spent; methods without
 * configuration are off with their reason.
 */
import { sql } from 'drizzle-orm';
import { SettingsStore } from '../../server/core/settings';
import type { CreditService } from '../../server/modules/credits/service';
import { paymentProviders } from '../../server/modules/payments/providers';
import { PaymentService } from '../../server/modules/payments/service';
import { call, login, makeRole, makeUser, registerAdmin } from '../support/accounts';
import { startAlipayStandin, type AlipayStandin } from '../support/alipay-standin';
import { freePort } from '../support/free-port';
import { createTestApp } from '../support/test-app';
import { startWxpayStandin, type WxpayStandin } from '../support/wxpay-standin';
import { creditsOf } from '../support/services';

let t: Awaited<ReturnType<typeof createTestApp>>;
let ali: AlipayStandin;
let wx: WxpayStandin;
let adminToken: string;
let financeToken: string;
let credits: CreditService;
let job: PaymentService;
let packageId: string;
const quiet = { warn: () => undefined, info: () => undefined };

beforeAll(async () => {
  [ali, wx] = await Promise.all([startAlipayStandin(), startWxpayStandin()]);
  const port = await freePort();
  const pay = { alipay: ali.config(), wxpay: wx.config() };
  t = await createTestApp({ publicUrl: `http://127.0.0.1:${port}`, pay });
  await t.app.listen({ port, host: '127.0.0.1' });
  adminToken = (await registerAdmin(t.app)).token;
  await makeRole(t.db, 'finance', ['MANAGE_FINANCE']);
  await makeUser(t.db, { username: 'cashier', password: 'Passw0rd!', role: ['finance'] });
  financeToken = (await login(t.app, 'cashier', 'Passw0rd!')).body.data.token;
  credits = creditsOf(t.db);
  // the job as another instance would run it
  job = new PaymentService(t.db, { publicUrl: `http://127.0.0.1:${port}` }, credits, new SettingsStore(t.db), paymentProviders(pay), quiet);
  const p = await call(t.app, 'POST', '/api/pay/packages', {
    token: financeToken,
    body: { name: 'Starter', price_cents: 1000, credits: 1000, bonus_credits: 100 },
  });
  expect(p.status).toBe(200);
  packageId = p.body.data.id;
});
afterAll(async () => {
  await credits?.stop();
  await t?.close();
  await Promise.all([ali?.close(), wx?.close()]);
});

let n = 0;
async function buyer() {
  const name = `buyer${++n}`;
  const u = await makeUser(t.db, { username: name, password: 'Passw0rd!' });
  const token = (await login(t.app, name, 'Passw0rd!')).body.data.token as string;
  return { id: u.id, token };
}

const balance = (userId: string) => credits.balance(userId);
const topups = async (orderNo: string) =>
  Number((await t.db.execute<{ c: string }>(sql`SELECT count(*) AS c FROM credit_ledger WHERE idempotency_key = ${`topup:${orderNo}`}`)).rows[0].c);
const outcomes = async (orderNo: string) =>
  (await t.db.execute<{ outcome: string }>(sql`SELECT outcome FROM pay_notifications WHERE order_no = ${orderNo} ORDER BY id`)).rows.map((r) => r.outcome);

async function order(token: string, body: Record<string, unknown>) {
  const r = await call(t.app, 'POST', '/api/pay/orders', { token, body });
  expect(r.status).toBe(200);
  return r.body.data as { order_no: string; qr_code: string | null; pay_url: string | null; amount_cents: number; credits: number; status: string };
}

const notifyAlipay = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pay/notify/alipay',
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
  });
const notifyWx = (n: { headers: Record<string, string>; body: string }) =>
  t.app.inject({ method: 'POST', url: '/api/pay/notify/wxpay', payload: n.body, headers: { ...n.headers, 'content-type': 'application/json' } });

describe('what the top-up page offers', () => {
  test('configured methods are on, packages and the custom amount rules are listed', async () => {
    const u = await buyer();
    const r = await call(t.app, 'GET', '/api/pay/options', { token: u.token });
    expect(r.body.data.methods).toEqual([
      { method: 'alipay_page', provider: 'alipay', enabled: true, reason: null },
      { method: 'alipay_qr', provider: 'alipay', enabled: true, reason: null },
      { method: 'wxpay_native', provider: 'wxpay', enabled: true, reason: null },
    ]);
    expect(r.body.data.packages).toEqual([{ id: packageId, name: 'Starter', price_cents: 1000, credits: 1000, bonus_credits: 100 }]);
    expect(r.body.data.custom).toEqual({ enabled: true, min_cents: 100, max_cents: 500000, credits_per_yuan: 100 });
  });

  test("without a provider's configuration or PUBLIC_URL a method is off with the reason, and refused", async () => {
    const bare = await createTestApp({ publicUrl: undefined, pay: { alipay: ali.config() } });
    try {
      await makeUser(bare.db, { username: 'plain', password: 'Passw0rd!' });
      const token = (await login(bare.app, 'plain', 'Passw0rd!')).body.data.token;
      const r = await call(bare.app, 'GET', '/api/pay/options', { token });
      expect(r.body.data.methods.map((m: { reason: string | null }) => m.reason)).toEqual(['no_public_url', 'no_public_url', 'not_configured']);
      const refused = await call(bare.app, 'POST', '/api/pay/orders', { token, body: { method: 'wxpay_native', amount_cents: 1000 } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ errorCode: 'PAY_METHOD_UNAVAILABLE', field: 'method' });
    } finally {
      await bare.close();
    }
  });

  test('a custom amount outside the limits, an unknown package, both or neither are refused with the field', async () => {
    const u = await buyer();
    const low = await call(t.app, 'POST', '/api/pay/orders', { token: u.token, body: { method: 'alipay_qr', amount_cents: 99 } });
    expect(low.body).toMatchObject({ errorCode: 'PAY_AMOUNT_INVALID', field: 'amount_cents' });
    expect(low.body.errorMessage).toContain('1.00');
    const pkg = await call(t.app, 'POST', '/api/pay/orders', { token: u.token, body: { method: 'alipay_qr', package_id: 'nope' } });
    expect(pkg.body).toMatchObject({ errorCode: 'PACKAGE_NOT_AVAILABLE', field: 'package_id' });
    const both = await call(t.app, 'POST', '/api/pay/orders', { token: u.token, body: { method: 'alipay_qr', package_id: packageId, amount_cents: 500 } });
    expect(both.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'package_id' });
    const away = await call(t.app, 'POST', '/api/pay/orders', {
      token: u.token,
      body: { method: 'alipay_qr', amount_cents: 500, return_to: '//evil.example' },
    });
    expect(away.body).toMatchObject({ errorCode: 'REDIRECT_INVALID', field: 'return_to' });
  });
});

describe('Alipay', () => {
  test('a paid QR order credits the package and its bonus once; the result page reads the new balance', async () => {
    const u = await buyer();
    const before = await balance(u.id);
    const o = await order(u.token, { method: 'alipay_qr', package_id: packageId, return_to: '/pages/assistant/chat/chat' });
    expect(o).toMatchObject({ status: 'created', amount_cents: 1000, credits: 1100 });
    expect(o.qr_code).toBeTruthy();
    expect(ali.trades.get(o.order_no)?.totalCents).toBe(1000);
    const delivered = await ali.pay(o.order_no);
    expect(delivered).toMatchObject({ status: 200, body: 'success' });
    expect(await balance(u.id)).toBe(before + 1100);
    const r = await call(t.app, 'GET', `/api/pay/orders/${o.order_no}`, { token: u.token });
    expect(r.body.data).toMatchObject({ status: 'credited', credits: 1100, balance: before + 1100, return_to: '/pages/assistant/chat/chat' });
    expect(r.body.data.trade_no).toBeTruthy();
    expect(await outcomes(o.order_no)).toEqual(['credited']);
  });

  test('a duplicate, 20 concurrent copies and a replay a minute later credit once', async () => {
    const u = await buyer();
    const before = await balance(u.id);
    const o = await order(u.token, { method: 'alipay_qr', amount_cents: 500 });
    await ali.pay(o.order_no, { notify: false });
    const body = ali.notificationFor(o.order_no);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notifyAlipay(body)));
    expect(answers.every((a) => a.body === 'success')).toBe(true);
    expect((await notifyAlipay(body)).body).toBe('success');
    await t.db.execute(sql`UPDATE pay_notifications SET received_at = received_at - interval '1 minute' WHERE order_no = ${o.order_no}`);
    expect((await notifyAlipay(body)).body).toBe('success');
    expect(await balance(u.id)).toBe(before + 500);
    expect(await topups(o.order_no)).toBe(1);
    const seen = await outcomes(o.order_no);
    expect(seen.filter((x) => x === 'credited')).toHaveLength(1);
    expect(seen.filter((x) => x === 'duplicate')).toHaveLength(21);
  });

  test('a forged signature, a wrong amount, another app id and an unknown order credit nothing and are recorded', async () => {
    const u = await buyer();
    const before = await balance(u.id);
    const o = await order(u.token, { method: 'alipay_qr', amount_cents: 800 });
    await ali.pay(o.order_no, { notify: false });
    expect((await notifyAlipay(ali.forgedNotificationFor(o.order_no))).body).toBe('fail');
    expect((await notifyAlipay(ali.notificationFor(o.order_no, { total_amount: '0.01' }))).body).toBe('success');
    expect((await notifyAlipay(ali.notificationFor(o.order_no, { app_id: '2021000000000000' }))).body).toBe('success');
    expect((await notifyAlipay(ali.notificationFor(o.order_no, { out_trade_no: 'P20990101000000123' }))).body).toBe('success');
    expect(await balance(u.id)).toBe(before);
    expect(await topups(o.order_no)).toBe(0);
    expect(await outcomes(o.order_no)).toEqual(['forged', 'amount_mismatch', 'app_mismatch']);
    expect(await outcomes('P20990101000000123')).toEqual(['unknown_order']);
    const d = await call(t.app, 'GET', `/api/pay/orders/${o.order_no}/detail`, { token: financeToken });
    expect(d.body.data.notifications.map((x: { verified: boolean }) => x.verified)).toEqual([false, true, true]);
    // the real one still counts
    expect((await notifyAlipay(ali.notificationFor(o.order_no))).body).toBe('success');
    expect(await balance(u.id)).toBe(before + 800);
  });

  test('a notification with bytes no provider sends (a NUL in out_trade_no) is refused as bad input and recorded as malformed', async () => {
    const u = await buyer();
    const before = await balance(u.id);
    const o = await order(u.token, { method: 'alipay_qr', amount_cents: 500 });
    await ali.pay(o.order_no, { notify: false });
    const hostile = `${o.order_no}\u0000x`;
    for (const body of [ali.forgedNotificationFor(o.order_no, { out_trade_no: hostile }), ali.notificationFor(o.order_no, { out_trade_no: hostile })]) {
      const r = await notifyAlipay(body);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ success: false, errorCode: 'INVALID_PARAM', field: 'body' });
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(await outcomes(`${o.order_no}\ufffdx`)).toEqual(['malformed', 'malformed']);
    expect(await balance(u.id)).toBe(before);
    expect(await topups(o.order_no)).toBe(0);
  });

  test('a lost notification: the page following the order asks Alipay and credits it', async () => {
    const u = await buyer();
    const before = await balance(u.id);
    const o = await order(u.token, { method: 'alipay_qr', amount_cents: 300 });
    await ali.pay(o.order_no, { notify: false });
    const r = await call(t.app, 'GET', `/api/pay/orders/${o.order_no}`, { token: u.token });
    expect(r.body.data).toMatchObject({ status: 'credited', balance: before + 300 });
  });

  test('a lost notification: the re-query job credits it; an unpaid order past its time is closed at Alipay and expired', async () => {
    const u = await buyer();
    const before = await balance(u.id);
    const paid = await order(u.token, { method: 'alipay_qr', amount_cents: 400 });
    const unpaid = await order(u.token, { method: 'alipay_qr', amount_cents: 700 });
    await ali.pay(paid.order_no, { notify: false });
    // not asked before it is a little old: the notification usually comes first
    expect(await job.requery()).toBe(0);
    await t.db.execute(sql`UPDATE pay_orders SET created_at = now() - interval '1 minute' WHERE order_no = ${paid.order_no}`);
    await t.db.execute(sql`UPDATE pay_orders SET expires_at = now() - interval '1 second' WHERE order_no = ${unpaid.order_no}`);
    expect(await job.requery()).toBe(2);
    expect(await balance(u.id)).toBe(before + 400);
    const states = await t.db.execute<{ order_no: string; status: string }>(
      sql`SELECT order_no, status FROM pay_orders WHERE order_no IN (${paid.order_no}, ${unpaid.order_no})`,
    );
    expect(Object.fromEntries(states.rows.map((s) => [s.order_no, s.status]))).toEqual({ [paid.order_no]: 'credited', [unpaid.order_no]: 'expired' });
    expect(ali.trades.get(unpaid.order_no)?.status).toBe('TRADE_CLOSED');
    // a second run finds nothing to do
    expect(await job.requery()).toBe(0);
  });

  test('computer-website pay answers the page to go to; coming back lands on the result page', async () => {
    const u = await buyer();
    const o = await order(u.token, { method: 'alipay_page', package_id: packageId });
    expect(o.pay_url).toMatch(new RegExp(`^${ali.gateway.replace(/[.?]/g, '\\$&')}`));
    const back = await t.app.inject({ method: 'GET', url: `/api/pay/return/${o.order_no}` });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/#/uni_modules/uni-pay/pages/success/success?order_no=${o.order_no}`);
  });

  test('the user closes an open order; Alipay refusing to create one fails the order with its words', async () => {
    const u = await buyer();
    const o = await order(u.token, { method: 'alipay_qr', amount_cents: 200 });
    const closed = await call(t.app, 'POST', `/api/pay/orders/${o.order_no}/close`, { token: u.token });
    expect(closed.body.data.status).toBe('closed');
    const again = await call(t.app, 'POST', `/api/pay/orders/${o.order_no}/close`, { token: u.token });
    expect(again.body).toMatchObject({ errorCode: 'ORDER_STATE_INVALID' });
    ali.setFailure('alipay.trade.precreate', { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SYSTEM_ERROR', sub_msg: 'system busy' });
    const failed = await call(t.app, 'POST', '/api/pay/orders', { token: u.token, body: { method: 'alipay_qr', amount_cents: 200 } });
    expect(failed.status).toBe(502);
    expect(failed.body.errorCode).toBe('PAY_PROVIDER_ERROR');
    expect(failed.body.errorMessage).toContain('ACQ.SYSTEM_ERROR');
    const mine = await call(t.app, 'GET', '/api/pay/my-orders?status=failed', { token: u.token });
    expect(mine.body.total).toBe(1);
  });

  test('nobody else sees an order; the finance holder sees every order', async () => {
    const u = await buyer();
    const other = await buyer();
    const o = await order(u.token, { method: 'alipay_qr', amount_cents: 200 });
    expect((await call(t.app, 'GET', `/api/pay/orders/${o.order_no}`, { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/pay/orders/${o.order_no}`, { token: financeToken })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/pay/orders', { token: other.token })).status).toBe(403);
    const all = await call(t.app, 'GET', `/api/pay/orders?keyword=${o.order_no}`, { token: financeToken });
    expect(all.body.data[0]).toMatchObject({ order_no: o.order_no, username: expect.stringMatching(/^buyer/) });
    const mine = await call(t.app, 'GET', '/api/pay/my-orders', { token: other.token });
    expect(mine.body.data.map((x: { order_no: string }) => x.order_no)).not.toContain(o.order_no);
  });
});

describe('WeChat Pay', () => {
  test('a paid Native order credits once; a forged and a tampered notification credit nothing', async () => {
    const u = await buyer();
    const before = await balance(u.id);
    const o = await order(u.token, { method: 'wxpay_native', package_id: packageId });
    expect(o.qr_code).toMatch(/^weixin:\/\//);
    expect((await notifyWx(wx.forgedNotificationFor(o.order_no))).statusCode).toBeGreaterThanOrEqual(400);
    expect(await balance(u.id)).toBe(before);
    await wx.pay(o.order_no);
    expect(await balance(u.id)).toBe(before + 1100);
    const dup = await notifyWx(wx.notificationFor(o.order_no));
    expect(dup.statusCode).toBeLessThan(300);
    const wrong = await notifyWx(wx.notificationFor(o.order_no, { amount: { total: 1 } }));
    expect(wrong.statusCode).toBeLessThan(300);
    expect(await balance(u.id)).toBe(before + 1100);
    expect(await topups(o.order_no)).toBe(1);
    expect(await outcomes(o.order_no)).toEqual(['credited', 'duplicate', 'amount_mismatch']);
    // a forged one cannot be read (the resource is encrypted), so it is recorded without an order
    const forged = await t.db.execute<{ c: string }>(
      sql`SELECT count(*) AS c FROM pay_notifications WHERE provider = 'wxpay' AND outcome = 'forged' AND NOT verified`,
    );
    expect(Number(forged.rows[0].c)).toBe(1);
  });

  test('a lost notification is recovered by the re-query job', async () => {
    const u = await buyer();
    const before = await balance(u.id);
    const o = await order(u.token, { method: 'wxpay_native', amount_cents: 600 });
    await wx.pay(o.order_no, { notify: false });
    await t.db.execute(sql`UPDATE pay_orders SET created_at = now() - interval '1 minute' WHERE order_no = ${o.order_no}`);
    expect(await job.requery()).toBe(1);
    expect(await balance(u.id)).toBe(before + 600);
  });
});

describe('refunds', () => {
  async function paidOrder(amount: number, method = 'alipay_qr') {
    const u = await buyer();
    const o = await order(u.token, { method, amount_cents: amount });
    if (method === 'wxpay_native') await wx.pay(o.order_no);
    else await ali.pay(o.order_no);
    return { u, o };
  }
  const refund = (orderNo: string, body: Record<string, unknown>, token = financeToken) =>
    call(t.app, 'POST', `/api/pay/orders/${orderNo}/refunds`, { token, body });

  test('in part then the rest: the money goes back through Alipay and the credits in proportion, all of them at the end', async () => {
    const { u, o } = await paidOrder(1000);
    const start = await balance(u.id);
    const first = await refund(o.order_no, { amount_cents: 300, reason: 'partly unhappy' });
    expect(first.body.data).toMatchObject({ amount_cents: 300, credits: 300, credits_shortfall: 0, status: 'succeeded' });
    expect(await balance(u.id)).toBe(start - 300);
    expect(ali.refunds.map((r) => r.refundCents)).toContain(300);
    const tooMuch = await refund(o.order_no, { amount_cents: 701, reason: 'more' });
    expect(tooMuch.body).toMatchObject({ errorCode: 'REFUND_AMOUNT_INVALID', field: 'amount_cents' });
    const rest = await refund(o.order_no, { amount_cents: 700, reason: 'the rest' });
    expect(rest.body.data.credits).toBe(700);
    expect(await balance(u.id)).toBe(start - 1000);
    const d = await call(t.app, 'GET', `/api/pay/orders/${o.order_no}/detail`, { token: financeToken });
    expect(d.body.data.order).toMatchObject({ status: 'refunded', refunded_cents: 1000, refunded_credits: 1000 });
    expect(d.body.data.refunds).toHaveLength(2);
    const none = await refund(o.order_no, { amount_cents: 1, reason: 'again' });
    expect(none.body).toMatchObject({ errorCode: 'ORDER_STATE_INVALID' });
    // written to the user log
    const logs = await t.db.execute<{ c: string }>(sql`SELECT count(*) AS c FROM user_logs WHERE type = 'pay-refund'`);
    expect(Number(logs.rows[0].c)).toBeGreaterThanOrEqual(2);
  });

  test('credits already spent: refused with the figures, or with force the balance goes to 0 and the rest is written down', async () => {
    const { u, o } = await paidOrder(1000, 'wxpay_native');
    // spend all but 400 of the balance
    const have = await balance(u.id);
    await credits.postNow({ userId: u.id, kind: 'adjustment', amount: -(have - 400), key: `spend:${u.id}` });
    const refused = await refund(o.order_no, { amount_cents: 1000, reason: 'all' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'REFUND_CREDITS_SPENT', field: 'amount_cents' });
    expect(refused.body.errorMessage).toContain('1000');
    expect(refused.body.errorMessage).toContain('400');
    expect(wx.refunds).toHaveLength(0);
    const forced = await refund(o.order_no, { amount_cents: 1000, reason: 'all', force: true });
    expect(forced.body.data).toMatchObject({ credits: 400, credits_shortfall: 600 });
    expect(await balance(u.id)).toBe(0);
    expect(wx.refunds).toHaveLength(1);
  });

  test('only the finance holder refunds; the provider refusing keeps everything as it was', async () => {
    const { u, o } = await paidOrder(500);
    expect((await refund(o.order_no, { amount_cents: 100, reason: 'x' }, u.token)).status).toBe(403);
    const start = await balance(u.id);
    ali.setFailure('alipay.trade.refund', { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_HAS_FINISHED', sub_msg: 'finished' });
    const failed = await refund(o.order_no, { amount_cents: 100, reason: 'x' }, adminToken);
    expect(failed.body.errorCode).toBe('PAY_PROVIDER_ERROR');
    expect(await balance(u.id)).toBe(start);
    const d = await call(t.app, 'GET', `/api/pay/orders/${o.order_no}/detail`, { token: financeToken });
    expect(d.body.data.order.refunded_cents).toBe(0);
    expect(d.body.data.refunds).toEqual([]);
  });
});

describe('packages and settings', () => {
  test('packages need a name, a price and credits in bounds; a switched-off one is not offered', async () => {
    const bad = await call(t.app, 'POST', '/api/pay/packages', { token: financeToken, body: { name: ' ', price_cents: 0, credits: 1 } });
    expect(bad.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'name' });
    const price = await call(t.app, 'POST', '/api/pay/packages', { token: financeToken, body: { name: 'Zero', price_cents: 0, credits: 1 } });
    expect(price.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'price_cents' });
    const p = await call(t.app, 'POST', '/api/pay/packages', { token: financeToken, body: { name: 'Off', price_cents: 100, credits: 10, enabled: false } });
    const u = await buyer();
    const r = await call(t.app, 'POST', '/api/pay/orders', { token: u.token, body: { method: 'alipay_qr', package_id: p.body.data.id } });
    expect(r.body).toMatchObject({ errorCode: 'PACKAGE_NOT_AVAILABLE' });
  });

  test('settings are checked and change what a custom amount buys', async () => {
    const bad = await call(t.app, 'PUT', '/api/pay/settings', { token: financeToken, body: { custom_min_cents: 1000, custom_max_cents: 500 } });
    expect(bad.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'custom_max_cents' });
    const ok = await call(t.app, 'PUT', '/api/pay/settings', { token: financeToken, body: { credits_per_yuan: 150 } });
    expect(ok.body.data.credits_per_yuan).toBe(150);
    const u = await buyer();
    const o = await order(u.token, { method: 'alipay_qr', amount_cents: 333 });
    expect(o.credits).toBe(499); // floor(333 x 150 / 100)
    await call(t.app, 'PUT', '/api/pay/settings', { token: financeToken, body: { credits_per_yuan: 100 } });
  });
});
