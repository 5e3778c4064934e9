/**
 * Invoices: which orders may be invoiced, the request rules (title, unified social credit code,
 * email, orders), one winner when requests race for an order, issuing (the PDF's Chinese text read
 * back, the mail with the PDF attached, downloads for the owner only), rejecting, and the
 * finance holders' list and its access rules.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { loadConfig } from '../../server/config';
import { createMailer } from '../../server/core/mailer';
import { FileService } from '../../server/modules/files/service';
import { InvoiceService } from '../../server/modules/invoices/service';
import { checkTaxNumber, taxNumberCheckChar } from '../../shared/validation';
import { call, login, makeRole, makeUser } from '../support/accounts';
import { pdfText } from '../support/pdf-text';
import { exportRows } from './system-support';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-api-'));
const outbox = path.join(dataDir, 'outbox');
const TAX = '91350100M000100Y43';

beforeAll(async () => {
  t = await createTestApp({ dataDir });
  await makeRole(t.db, 'finance', ['MANAGE_FINANCE']);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let userSeq = 0;
async function newUser(role: string[] = []) {
  const username = `inv_user_${++userSeq}`;
  const user = await makeUser(t.db, { username, password: 'Member#2026', role });
  const token = (await login(t.app, username, 'Member#2026')).body.data.token as string;
  return { id: user.id, username, token };
}

let orderSeq = 0;
/** a paid order, as the payments module leaves it once the credits are booked */
async function paidOrder(userId: string, cents: number, opts: { status?: string; refunded?: number; paidAt?: string } = {}) {
  const no = `P2026112400${String(++orderSeq).padStart(4, '0')}`;
  const { rows } = await t.db.$client.query(
    `INSERT INTO pay_orders (order_no, user_id, provider, method, subject, amount_cents, credits, status, refunded_cents, expires_at, paid_at)
     VALUES ($1, $2, 'alipay', 'alipay_qr', 'Credits', $3, $3, $4, $5, now() + interval '1 hour', $6) RETURNING id`,
    [no, userId, cents, opts.status ?? 'credited', opts.refunded ?? 0, opts.status === 'created' ? null : (opts.paidAt ?? new Date().toISOString())],
  );
  return { id: rows[0].id as string, no };
}

const orders = (token: string) => call(t.app, 'GET', '/api/invoices/orders', { token });
const request = (token: string, body: object, lang = 'zh-CN') => call(t.app, 'POST', '/api/invoices', { token, body, lang });
const mine = (token: string, query = '') => call(t.app, 'GET', `/api/invoices${query}`, { token });
const all = (token: string, query = '') => call(t.app, 'GET', `/api/finance/invoices${query}`, { token });
const issue = (token: string, id: string) => call(t.app, 'POST', `/api/finance/invoices/${id}/issue`, { token });
const reject = (token: string, id: string, reason: string) => call(t.app, 'POST', `/api/finance/invoices/${id}/reject`, { token, body: { reason } });
const download = (token: string, id: string) => t.app.inject({ method: 'GET', url: `/api/invoices/${id}/pdf`, headers: { authorization: `Bearer ${token}` } });

const company = (orderIds: string[], extra: object = {}) => ({
  order_ids: orderIds,
  type: 'company',
  title: '北京测试科技有限公司',
  tax_number: TAX,
  email: 'billing@example.com',
  ...extra,
});

/** the newest test-mode mail to `to`, parsed with its attachments */
async function latestMail(to: string) {
  const files = fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse()
    : [];
  for (const f of files) {
    const mail = await simpleParser(fs.readFileSync(path.join(outbox, f)));
    const addr = Array.isArray(mail.to) ? mail.to[0].text : mail.to?.text;
    if (addr === to) return mail;
  }
  throw new Error(`no mail to ${to}`);
}

describe('the unified social credit code (GB 32100-2015)', () => {
  it('takes 18 characters of the 31 allowed with the right check character, in either case', () => {
    expect(checkTaxNumber(TAX)).toBeNull();
    expect(checkTaxNumber(TAX.toLowerCase())).toBeNull();
    expect(checkTaxNumber(` ${TAX} `)).toBeNull();
    const first17 = '91110108MA01ABCDE'.replace(/[IOZSV]/g, '1');
    expect(checkTaxNumber(first17 + taxNumberCheckChar(first17))).toBeNull();
  });

  it('refuses a wrong check character, a wrong length and the letters I, O, Z, S, V', () => {
    expect(checkTaxNumber('91350100M000100Y44')).toBe('TAX_NUMBER_INVALID');
    expect(checkTaxNumber('91350100M000100Y4')).toBe('TAX_NUMBER_INVALID');
    expect(checkTaxNumber('')).toBe('TAX_NUMBER_INVALID');
    for (const letter of 'IOZSV') {
      const first17 = `9135010${letter}M000100Y4`;
      expect(checkTaxNumber(first17 + '0')).toBe('TAX_NUMBER_INVALID');
    }
  });
});

describe('invoiceable orders', () => {
  it("are the caller's paid orders with cents left after refunds, not yet in an invoice", async () => {
    const u = await newUser();
    const other = await newUser();
    const a = await paidOrder(u.id, 1000);
    const b = await paidOrder(u.id, 3000, { refunded: 500 });
    const paidOnly = await paidOrder(u.id, 700, { status: 'paid' });
    await paidOrder(u.id, 900, { status: 'created' });
    await paidOrder(u.id, 800, { status: 'refunded', refunded: 800 });
    await paidOrder(u.id, 600, { refunded: 600 });
    await paidOrder(other.id, 5000);
    const r = await orders(u.token);
    expect(r.status).toBe(200);
    const byNo = new Map<string, { invoiceable_cents: number }>(r.body.data.map((o: { order_no: string; invoiceable_cents: number }) => [o.order_no, o]));
    expect([...byNo.keys()].sort()).toEqual([a.no, b.no, paidOnly.no].sort());
    expect(byNo.get(b.no)!.invoiceable_cents).toBe(2500);

    const req = await request(u.token, company([a.id]));
    expect(req.status).toBe(200);
    const left = (await orders(u.token)).body.data.map((o: { order_no: string }) => o.order_no);
    expect(left).not.toContain(a.no);
    expect(left).toContain(b.no);
  });

  it('needs a signed-in caller', async () => {
    expect((await call(t.app, 'GET', '/api/invoices/orders')).status).toBe(401);
  });
});

describe('requesting', () => {
  it('records a pending invoice for the sum of paid-minus-refunded, numbered INV + date + sequence', async () => {
    const u = await newUser();
    const a = await paidOrder(u.id, 1000);
    const b = await paidOrder(u.id, 3000, { refunded: 500 });
    const r = await request(u.token, company([a.id, b.id], { tax_number: TAX.toLowerCase() }));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'pending',
      amount_cents: 3500,
      type: 'company',
      title: '北京测试科技有限公司',
      tax_number: TAX,
      has_pdf: false,
    });
    expect(r.body.data.invoice_no).toMatch(/^INV\d{8}\d{6,}$/);
    expect(r.body.data.order_nos.sort()).toEqual([a.no, b.no].sort());
    const list = await mine(u.token);
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([r.body.data.id]);
  });

  it('a person may leave out the tax number; a company may not; a given one must be valid', async () => {
    const u = await newUser();
    const a = await paidOrder(u.id, 100);
    const noTax = await request(u.token, company([a.id], { tax_number: '' }));
    expect(noTax.status).toBe(400);
    expect(noTax.body).toMatchObject({ errorCode: 'TAX_NUMBER_INVALID', field: 'tax_number' });
    const badTax = await request(u.token, company([a.id], { tax_number: '91350100M000100Y44' }));
    expect(badTax.body).toMatchObject({ errorCode: 'TAX_NUMBER_INVALID', field: 'tax_number' });
    const personalBadTax = await request(u.token, company([a.id], { type: 'personal', title: '张三', tax_number: '123' }));
    expect(personalBadTax.body).toMatchObject({ errorCode: 'TAX_NUMBER_INVALID', field: 'tax_number' });
    const personal = await request(u.token, { order_ids: [a.id], type: 'personal', title: '张三', email: 'zs@example.com' });
    expect(personal.status).toBe(200);
    expect(personal.body.data).toMatchObject({ type: 'personal', tax_number: null, amount_cents: 100 });
  });

  it('checks the title (2 to 100 characters) and the email', async () => {
    const u = await newUser();
    const a = await paidOrder(u.id, 100);
    for (const title of ['张', '  x  ', 'a'.repeat(101)]) {
      const r = await request(u.token, company([a.id], { title }));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'title' });
    }
    for (const email of ['', 'not-an-email', 'a b@example.com']) {
      const r = await request(u.token, company([a.id], { email }));
      expect(r.body).toMatchObject({ errorCode: 'EMAIL_INVALID', field: 'email' });
    }
    expect((await mine(u.token)).body.total).toBe(0);
  });

  it("refuses orders that are not the caller's, not paid, refunded, unknown or already invoiced, all or nothing", async () => {
    const u = await newUser();
    const other = await newUser();
    const mineOk = await paidOrder(u.id, 100);
    const theirs = await paidOrder(other.id, 100);
    const unpaid = await paidOrder(u.id, 100, { status: 'created' });
    const refunded = await paidOrder(u.id, 100, { refunded: 100 });
    const invoiced = await paidOrder(u.id, 100);
    expect((await request(u.token, company([invoiced.id]))).status).toBe(200);
    for (const bad of [theirs.id, unpaid.id, refunded.id, invoiced.id, 'no-such-order']) {
      const r = await request(u.token, company([mineOk.id, bad]));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ errorCode: 'INVOICE_ORDERS_INVALID', field: 'order_ids' });
    }
    expect((await request(u.token, company([]))).body).toMatchObject({ errorCode: 'INVOICE_ORDERS_INVALID', field: 'order_ids' });
    // none of the refused requests took the good order
    expect((await orders(u.token)).body.data.map((o: { id: string }) => o.id)).toEqual([mineOk.id]);
  });

  it('of requests racing for one order, exactly one wins', async () => {
    const u = await newUser();
    const a = await paidOrder(u.id, 4200);
    const results = await Promise.all(Array.from({ length: 6 }, () => request(u.token, company([a.id]))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.errorCode).toBe('INVOICE_ORDERS_INVALID');
    const { rows } = await t.db.$client.query(`SELECT count(*)::int AS n FROM invoice_orders WHERE order_id = $1 AND active`, [a.id]);
    expect(rows[0].n).toBe(1);
    expect((await mine(u.token)).body.total).toBe(1);
  });
});

describe('issuing', () => {
  it('makes a PDF with the Chinese texts, mails it attached, and lets the owner download it', async () => {
    const u = await newUser();
    const stranger = await newUser();
    const fin = await newUser(['finance']);
    const a = await paidOrder(u.id, 1000, { paidAt: '2026-11-20T02:00:00Z' });
    const b = await paidOrder(u.id, 2345, { paidAt: '2026-11-21T03:00:00Z' });
    const req = (await request(u.token, company([a.id, b.id], { email: 'issue-me@example.com' }))).body.data;

    // a user without MANAGE_FINANCE may not decide
    expect((await issue(u.token, req.id)).status).toBe(403);
    expect((await download(u.token, req.id)).statusCode).toBe(404); // pending: no PDF yet

    const r = await issue(fin.token, req.id);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'issued', has_pdf: true, issuer_name: fin.username });
    expect(r.body.data.issued_at).toBeTruthy();

    const own = await download(u.token, req.id);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toContain(`${req.invoice_no}.pdf`);
    expect(own.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(own.rawPayload);
    for (const s of [
      '电子发票',
      '销售方',
      'AI 助手控制台',
      '购买方',
      '北京测试科技有限公司',
      '纳税人识别号',
      TAX,
      '发票号码',
      req.invoice_no,
      '订单号',
      a.no,
      b.no,
      '2026-11-20',
      '2026-11-21',
      '10.00',
      '23.45',
      '合计',
      '33.45 元',
    ]) {
      expect(text).toContain(s);
    }

    // the owner and the finance holder may download; anyone else learns nothing
    expect((await download(fin.token, req.id)).statusCode).toBe(200);
    expect((await download(stranger.token, req.id)).statusCode).toBe(404);
    expect((await download(stranger.token, '999999')).statusCode).toBe(404);
    // the stored file has no owner: the file service does not hand it out (nobody could delete it there)
    const { rows } = await t.db.$client.query(`SELECT file_id FROM invoices WHERE id = $1`, [Number(req.id)]);
    expect((await call(t.app, 'GET', `/api/files/${rows[0].file_id}`, { token: u.token })).status).toBe(403);

    const mail = await latestMail('issue-me@example.com');
    expect(mail.subject).toContain(req.invoice_no);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe(`${req.invoice_no}.pdf`);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(mail.attachments[0].content.equals(own.rawPayload)).toBe(true);

    // decided once
    expect((await issue(fin.token, req.id)).body.errorCode).toBe('INVOICE_NOT_PENDING');
    expect((await reject(fin.token, req.id, 'too late')).body.errorCode).toBe('INVOICE_NOT_PENDING');
    // issued orders stay taken
    expect((await request(u.token, company([a.id]))).body.errorCode).toBe('INVOICE_ORDERS_INVALID');
  });

  it('labels the PDF in the language the invoice was requested in', async () => {
    const u = await newUser();
    const fin = await newUser(['finance']);
    const a = await paidOrder(u.id, 500);
    const req = (await request(u.token, company([a.id], { title: 'Acme 上海有限公司' }), 'en')).body.data;
    expect((await issue(fin.token, req.id)).status).toBe(200);
    const text = await pdfText((await download(u.token, req.id)).rawPayload);
    for (const s of ['Invoice number', 'Buyer', 'Acme 上海有限公司', 'AI Assistant Console', '5.00 yuan']) expect(text).toContain(s);
  });

  it('without the font: INVOICE_FONT_MISSING and the invoice stays pending', async () => {
    const u = await newUser();
    const fin = await newUser(['finance']);
    const a = await paidOrder(u.id, 500);
    const req = (await request(u.token, company([a.id]))).body.data;
    const files = new FileService(t.db, dataDir, 'test-secret-test-secret-test-secret', { maxFiles: 10, maxBytes: 1e6 });
    const mailer = createMailer({ dataDir, mailFrom: 'x@localhost', smtpUrl: undefined }, { warn: () => undefined });
    const service = new InvoiceService(t.db, files, mailer, { path: path.join(dataDir, 'no-such-font.ttc'), face: 'X' });
    await expect(service.issue(req.id, fin.id)).rejects.toMatchObject({ code: 'INVOICE_FONT_MISSING' });
    expect((await mine(u.token)).body.data[0]).toMatchObject({ status: 'pending', has_pdf: false });
  });
});

describe('issuing when the mail cannot be sent', () => {
  it('answers EMAIL_SEND_FAILED, keeps the invoice pending and leaves no file behind', async () => {
    const u = await newUser();
    const fin = await newUser(['finance']);
    const a = await paidOrder(u.id, 500);
    const req = (await request(u.token, company([a.id]))).body.data;
    const { rows: before } = await t.db.$client.query(`SELECT count(*)::int AS n FROM files`);
    const files = new FileService(t.db, dataDir, 'test-secret-test-secret-test-secret', { maxFiles: 10, maxBytes: 1e6 });
    // an SMTP server nobody listens on
    const mailer = createMailer({ dataDir, mailFrom: 'x@localhost', smtpUrl: 'smtp://127.0.0.1:1' }, { warn: () => undefined });
    const service = new InvoiceService(t.db, files, mailer, loadConfig({}).invoiceFont);
    await expect(service.issue(req.id, fin.id)).rejects.toMatchObject({ code: 'EMAIL_SEND_FAILED' });
    expect((await mine(u.token)).body.data[0]).toMatchObject({ status: 'pending', has_pdf: false });
    const { rows: after } = await t.db.$client.query(`SELECT count(*)::int AS n FROM files`);
    expect(after[0].n).toBe(before[0].n);
    // and it can be issued once the mail goes out
    expect((await issue(fin.token, req.id)).body.data.status).toBe('issued');
  });
});

describe('rejecting', () => {
  it('needs a reason, shows it to the user, and frees the orders', async () => {
    const u = await newUser();
    const fin = await newUser(['finance']);
    const a = await paidOrder(u.id, 800);
    const req = (await request(u.token, company([a.id]))).body.data;
    expect((await reject(u.token, req.id, 'no')).status).toBe(403);
    const noReason = await reject(fin.token, req.id, '   ');
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'reason' });

    const r = await reject(fin.token, req.id, '抬头与税号不符');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'rejected', reason: '抬头与税号不符', has_pdf: false });
    expect((await mine(u.token)).body.data[0]).toMatchObject({ status: 'rejected', reason: '抬头与税号不符', order_nos: [a.no] });
    expect((await download(u.token, req.id)).statusCode).toBe(404);
    expect((await issue(fin.token, req.id)).body.errorCode).toBe('INVOICE_NOT_PENDING');

    expect((await orders(u.token)).body.data.map((o: { id: string }) => o.id)).toEqual([a.id]);
    const again = await request(u.token, company([a.id]));
    expect(again.status).toBe(200);
    expect(again.body.data.invoice_no).not.toBe(req.invoice_no);
  });
});

describe("the finance holders' list", () => {
  it('shows everyone, filters, searches and exports; others get 403; a user sees only their own', async () => {
    const u1 = await newUser();
    const u2 = await newUser();
    const fin = await newUser(['finance']);
    const a = await paidOrder(u1.id, 100);
    const b = await paidOrder(u2.id, 200);
    const r1 = (await request(u1.token, company([a.id], { title: '甲公司有限责任公司' }))).body.data;
    const r2 = (await request(u2.token, company([b.id], { title: '乙公司有限责任公司' }))).body.data;
    await reject(fin.token, r2.id, 'duplicate');

    expect((await all(u1.token)).status).toBe(403);
    const everyone = await all(fin.token, '?pageSize=500');
    expect(everyone.status).toBe(200);
    const ids = everyone.body.data.map((x: { id: string }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([r1.id, r2.id]));

    expect((await all(fin.token, '?keyword=甲公司')).body.data.map((x: { id: string }) => x.id)).toEqual([r1.id]);
    expect((await all(fin.token, `?keyword=${u2.username}`)).body.data.map((x: { id: string }) => x.id)).toEqual([r2.id]);
    const rejected = (await all(fin.token, '?status=rejected&pageSize=500')).body.data;
    expect(rejected.every((x: { status: string }) => x.status === 'rejected')).toBe(true);
    expect(rejected.map((x: { id: string }) => x.id)).toContain(r2.id);
    const sorted = (await all(fin.token, '?sortField=amount_cents&sortOrder=ascend&pageSize=500')).body.data.map(
      (x: { amount_cents: number }) => x.amount_cents,
    );
    expect(sorted).toEqual([...sorted].sort((x, y) => x - y));
    const today = new Date().toISOString().slice(0, 10);
    expect((await all(fin.token, `?created_at_from=${today}&keyword=乙公司`)).body.total).toBe(1);
    expect((await all(fin.token, `?created_at_to=2000-01-01`)).body.total).toBe(0);

    const x = await exportRows(t.app, `/api/finance/invoices/export?keyword=${encodeURIComponent('甲公司')}`, fin.token, 'zh-CN');
    expect(x.status).toBe(200);
    expect(x.rows[0]).toEqual(expect.arrayContaining(['发票号码', '税号', '金额（元）']));
    expect(x.rows).toHaveLength(2);
    expect(x.rows[1]).toEqual(expect.arrayContaining([r1.invoice_no, '企业', '甲公司有限责任公司', TAX, '1.00', '待开具', a.no]));

    expect((await mine(u1.token)).body.data.map((x2: { id: string }) => x2.id)).toEqual([r1.id]);
  });
});
