/**
 * Invoices for paid top-up orders: a user requests one for orders not yet invoiced, the finance
 * holder (MANAGE_FINANCE) issues it (a PDF stored through the file service and mailed) or
 * rejects it with a reason. Owns the invoices and invoice_orders tables; reads pay_orders.
 *  - an order is invoiceable when it is the user's, credited (or paid), has cents left after
 *    refunds, and is in no pending or issued invoice: the partial unique index on
 *    invoice_orders(order_id) WHERE active holds the last rule even when two requests race;
 *  - a rejection clears `active` on its links, so its orders can be invoiced again while the
 *    rejected invoice still shows what it was for.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import en from '../../../locales/invoice/en-US.json';
import zhCN from '../../../locales/invoice/zh-CN.json';
import zhTW from '../../../locales/invoice/zh-TW.json';
import { formatCents } from '../../../shared/money';
import { checkRule, RULES } from '../../../shared/permissions';
import { textLength } from '../../../shared/text';
import { checkEmail, checkTaxNumber, INVOICE_TITLE_MAX, INVOICE_TITLE_MIN, normalizeTaxNumber } from '../../../shared/validation';
import type { Config } from '../../config';
import type { AuthUser } from '../../core/auth';
import { AppError } from '../../core/errors';
import { type Lang, t as tMain } from '../../core/i18n';
import type { ListSpec } from '../../core/list/query';
import type { Mailer } from '../../core/mailer';
import { isUniqueViolation, plain, query, textArray, type Tx } from '../../core/sql';
import { fetchRow } from '../../core/resource';
import type { Db } from '../../db';
import type { FileService } from '../files/service';
import type { InvoiceableOrder, InvoiceRow } from './schemas';

export const INVOICE = {
  /** orders in one request */
  MAX_ORDERS: 200,
  REASON_MAX: 200,
  /** invoice numbers and dates are China's calendar days */
  TIME_ZONE: 'Asia/Shanghai',
} as const;

export type InvoiceType = 'personal' | 'company';
export type InvoiceStatus = 'pending' | 'issued' | 'rejected';

export interface InvoiceRequest {
  orderIds: string[];
  type: InvoiceType;
  title: string;
  taxNumber?: string | null;
  email: string;
}

const pdfTexts: Record<Lang, Record<string, string>> = { en, 'zh-Hans': zhCN, 'zh-Hant': zhTW };
/** the invoice area's server texts (PDF labels, the mail) */
function tr(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const text = pdfTexts[lang][key] ?? pdfTexts.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
}

const asLang = (v: string): Lang => (v === 'en' || v === 'zh-Hant' ? v : 'zh-Hans');

/** YYYY-MM-DD of a moment, in China */
export function chinaDate(d: Date | string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: INVOICE.TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(d));
}

/** the orders of this user that may be invoiced (pay_orders alias o) */
const invoiceable = (userId: string) => sql`o.user_id = ${userId} AND o.status IN ('credited', 'paid')
  AND o.amount_cents - o.refunded_cents > 0
  AND NOT EXISTS (SELECT 1 FROM invoice_orders io WHERE io.order_id = o.id AND io.active)`;

/** the list of requests: a user's own (scoped) and everyone's for MANAGE_FINANCE */
export const invoiceList: ListSpec = {
  resource: 'invoices',
  from: sql`invoices i LEFT JOIN users u ON u.id = i.user_id LEFT JOIN users r ON r.id = i.issuer_id`,
  columns: sql`i.id::text AS "id", i.invoice_no, i.user_id, u.username, u.nickname, i.type, i.title, i.tax_number, i.email,
    i.amount_cents, i.status, i.reason, (i.file_id IS NOT NULL) AS has_pdf, r.username AS issuer_name, i.issued_at, i.created_at,
    ARRAY(SELECT o.order_no FROM invoice_orders io JOIN pay_orders o ON o.id = io.order_id
           WHERE io.invoice_id = i.id ORDER BY o.paid_at, o.order_no) AS order_nos`,
  search: [sql`i.invoice_no`, sql`i.title`, sql`i.tax_number`, sql`i.email`, sql`u.username`, sql`u.nickname`],
  filters: {
    status: { kind: 'eq', column: sql`i.status` },
    type: { kind: 'eq', column: sql`i.type` },
    user_id: { kind: 'eq', column: sql`i.user_id` },
    created_at: { kind: 'range', column: sql`i.created_at` },
    issued_at: { kind: 'range', column: sql`i.issued_at` },
  },
  sorts: { created_at: sql`i.created_at`, issued_at: sql`i.issued_at`, amount_cents: sql`i.amount_cents`, invoice_no: sql`i.invoice_no` },
  nullable: ['issued_at'],
  defaultSort: { field: 'created_at', order: 'descend' },
  tiebreak: sql`i.id`,
  exportColumns: [
    { key: 'invoice_no', width: 22 },
    { key: 'username' },
    { key: 'type', value: (r, lang) => tr(lang, `invoice.type.${r.type as InvoiceType}`) },
    { key: 'title', width: 30 },
    { key: 'tax_number', width: 22 },
    { key: 'email', width: 26 },
    { key: 'amount_cents', header: 'field.amount_yuan', value: (r) => formatCents(Number(r.amount_cents)) },
    { key: 'status', value: (r, lang) => tr(lang, `invoice.status.${r.status as InvoiceStatus}`) },
    { key: 'reason', width: 30 },
    { key: 'order_nos', header: 'field.order_ids', width: 40 },
    { key: 'created_at', date: true },
    { key: 'issued_at', date: true },
  ],
};

/** the rows of one user's list */
export const ownInvoices = (userId: string) => sql`i.user_id = ${userId}`;

const idOf = (id: string) => {
  if (!/^\d{1,15}$/.test(id)) throw new AppError('NOT_FOUND');
  return Number(id);
};

type PdfOrder = {
  order_no: string;
  /** PostgreSQL's text of the time: drizzle's raw queries answer no Dates */
  paid_at: string | null;
  amount_cents: number;
};

export class InvoiceService {
  constructor(
    private db: Db,
    private files: Pick<FileService, 'storeBuffer' | 'discardStored' | 'find' | 'storage'>,
    private mailer: Mailer,
    private font: Config['invoiceFont'],
  ) {}

  /** the caller's orders that may be invoiced, newest first */
  async invoiceableOrders(userId: string): Promise<InvoiceableOrder[]> {
    const rows = await query<InvoiceableOrder>(
      this.db,
      sql`SELECT o.id, o.order_no, o.subject, o.amount_cents, o.refunded_cents, (o.amount_cents - o.refunded_cents) AS invoiceable_cents, o.paid_at
            FROM pay_orders o WHERE ${invoiceable(userId)}
           ORDER BY o.paid_at DESC NULLS LAST, o.order_no LIMIT 500`,
    );
    return rows.map(plain);
  }

  /** one row of the list, or NOT_FOUND */
  async row(id: string, tx: Db | Tx = this.db): Promise<InvoiceRow> {
    return fetchRow<InvoiceRow>(tx, invoiceList, sql`i.id`, idOf(id));
  }

  /** checks a request and records it as pending, all its orders at once or none */
  async request(userId: string, input: InvoiceRequest, lang: Lang): Promise<InvoiceRow> {
    const orderIds = [...new Set(input.orderIds.map((s) => s.trim()).filter(Boolean))];
    if (!orderIds.length || orderIds.length > INVOICE.MAX_ORDERS) throw new AppError('INVOICE_ORDERS_INVALID', { field: 'order_ids' });
    const type = input.type;
    const title = input.title.trim();
    const titleLength = textLength(title);
    if (titleLength < INVOICE_TITLE_MIN || titleLength > INVOICE_TITLE_MAX) {
      throw new AppError('INVALID_PARAM', { field: 'title', params: { reason: `${INVOICE_TITLE_MIN} to ${INVOICE_TITLE_MAX} characters` } });
    }
    const taxRaw = input.taxNumber?.trim() || '';
    if (type === 'company' || taxRaw) {
      const bad = checkTaxNumber(taxRaw);
      if (bad) throw new AppError(bad, { field: 'tax_number' });
    }
    const taxNumber = taxRaw ? normalizeTaxNumber(taxRaw) : null;
    const email = input.email.trim();
    if (!email || checkEmail(email)) throw new AppError('EMAIL_INVALID', { field: 'email' });

    try {
      const id = await this.db.transaction(async (tx) => {
        const orders = await query<{ id: string; cents: number }>(
          tx,
          sql`SELECT o.id, (o.amount_cents - o.refunded_cents) AS cents FROM pay_orders o
               WHERE o.id = ANY(${textArray(orderIds)}) AND ${invoiceable(userId)}`,
        );
        if (orders.length !== orderIds.length) throw new AppError('INVOICE_ORDERS_INVALID', { field: 'order_ids' });
        const amount = orders.reduce((s, o) => s + Number(o.cents), 0);
        const [{ id: newId }] = await query<{ id: string }>(tx, sql`SELECT nextval(pg_get_serial_sequence('invoices', 'id')) AS id`);
        const no = `INV${chinaDate(new Date()).replace(/-/g, '')}${String(newId).padStart(6, '0')}`;
        await tx.execute(sql`INSERT INTO invoices (id, invoice_no, user_id, type, title, tax_number, email, amount_cents, lang)
             VALUES (${Number(newId)}, ${no}, ${userId}, ${type}, ${title}, ${taxNumber}, ${email}, ${amount}, ${lang})`);
        // a concurrent request for one of these orders waits here for the other to finish, then fails
        await tx.execute(sql`INSERT INTO invoice_orders (invoice_id, order_id, amount_cents)
             SELECT ${Number(newId)}, x.id, x.cents FROM unnest(${textArray(orders.map((o) => o.id))}, ${sql.param(orders.map((o) => Number(o.cents)))}::int[]) AS x(id, cents)`);
        return String(newId);
      });
      return this.row(id);
    } catch (e) {
      if (isUniqueViolation(e, 'invoice_orders_active_order_key')) throw new AppError('INVOICE_ORDERS_INVALID', { field: 'order_ids' });
      throw e;
    }
  }

  /** the PDF of an invoice: its labels in the language it was requested in */
  async renderPdf(
    inv: { invoice_no: string; title: string; tax_number: string | null; amount_cents: number; lang: string },
    orders: PdfOrder[],
    issuedAt: Date,
  ): Promise<Buffer> {
    if (!fs.existsSync(this.font.path)) throw new AppError('INVOICE_FONT_MISSING');
    const lang = asLang(inv.lang);
    // pdfkit and its fonts' tables load with the first invoice, not with the server
    const { default: PDFDocument } = await import('pdfkit');
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${tr(lang, 'invoice.pdf.heading')} ${inv.invoice_no}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve, reject) => {
      doc.on('end', resolve);
      doc.on('error', reject);
    });
    try {
      doc.registerFont('cjk', this.font.path, this.font.face);
      doc.font('cjk');
    } catch (e) {
      throw new AppError('INVOICE_FONT_MISSING', { cause: e });
    }
    const line = (label: string, value: string) => doc.fontSize(11).text(`${tr(lang, label)}：${value}`);
    doc.fontSize(20).text(tr(lang, 'invoice.pdf.heading'), { align: 'center' });
    doc.moveDown();
    line('invoice.pdf.invoiceNo', inv.invoice_no);
    line('invoice.pdf.date', chinaDate(issuedAt));
    line('invoice.pdf.seller', tMain(lang, 'app.name'));
    line('invoice.pdf.buyer', inv.title);
    if (inv.tax_number) line('invoice.pdf.taxNumber', inv.tax_number);
    doc.moveDown();
    const cols = [50, 260, 400];
    const row = (cells: string[]) => {
      const y = doc.y;
      cells.forEach((c, i) => doc.text(c, cols[i], y, { width: i === 2 ? 145 : 200, align: i === 2 ? 'right' : 'left', lineBreak: false }));
      doc.x = 50;
      doc.moveDown();
    };
    doc.fontSize(10);
    row([tr(lang, 'invoice.pdf.orderNo'), tr(lang, 'invoice.pdf.orderDate'), tr(lang, 'invoice.pdf.amount')]);
    for (const o of orders) row([o.order_no, o.paid_at ? chinaDate(o.paid_at) : '', formatCents(o.amount_cents)]);
    doc.moveDown();
    doc.fontSize(12).text(`${tr(lang, 'invoice.pdf.total')}：${tr(lang, 'invoice.pdf.yuan', { amount: formatCents(inv.amount_cents) })}`, 50, doc.y, {
      align: 'right',
      width: 495,
    });
    doc.end();
    await done;
    return Buffer.concat(chunks);
  }

  /**
   * Issues a pending invoice: makes the PDF, stores it, mails it to the invoice's address and
   * marks it issued, in one transaction holding the invoice's row, so a second decision waits
   * and then finds it decided. A missing font or a mail that cannot be sent leaves it pending.
   */
  async issue(id: string, issuerId: string): Promise<InvoiceRow> {
    const invoiceId = idOf(id);
    if (!fs.existsSync(this.font.path)) throw new AppError('INVOICE_FONT_MISSING');
    let stored: string | undefined;
    try {
      await this.db.transaction(async (tx) => {
        const [inv] = await query<{
          invoice_no: string;
          user_id: string;
          title: string;
          tax_number: string | null;
          email: string;
          amount_cents: number;
          lang: string;
          status: string;
        }>(tx, sql`SELECT invoice_no, user_id, title, tax_number, email, amount_cents, lang, status FROM invoices WHERE id = ${invoiceId} FOR UPDATE`);
        if (!inv) throw new AppError('NOT_FOUND');
        if (inv.status !== 'pending') throw new AppError('INVOICE_NOT_PENDING');
        const orders = await query<PdfOrder>(
          tx,
          sql`SELECT o.order_no, o.paid_at, io.amount_cents FROM invoice_orders io JOIN pay_orders o ON o.id = io.order_id
               WHERE io.invoice_id = ${invoiceId} ORDER BY o.paid_at, o.order_no`,
        );
        const issuedAt = new Date();
        const pdf = await this.renderPdf(inv, orders, issuedAt);
        // no owner: only the invoices module hands it out (to the invoice's user and the finance
        // holders); a random folder, so no upload at a guessed path can stand in the way
        const file = await this.files.storeBuffer(null, `invoices/${randomUUID()}/${inv.invoice_no}.pdf`, pdf, 'application/pdf', tx);
        stored = file.fileID;
        await tx.execute(sql`UPDATE invoices SET status = 'issued', file_id = ${file.fileID}, issuer_id = ${issuerId},
             issued_at = ${issuedAt}, updated_at = now() WHERE id = ${invoiceId}`);
        const lang = asLang(inv.lang);
        const params = { no: inv.invoice_no, title: inv.title, amount: formatCents(inv.amount_cents), app: tMain(lang, 'app.name') };
        try {
          await this.mailer.send({
            to: inv.email,
            subject: tr(lang, 'invoice.mail.subject', params),
            text: tr(lang, 'invoice.mail.text', params),
            attachments: [{ filename: `${inv.invoice_no}.pdf`, content: pdf, contentType: 'application/pdf' }],
          });
        } catch (e) {
          throw new AppError('EMAIL_SEND_FAILED', { field: 'email', cause: e });
        }
      });
    } catch (e) {
      if (stored) await this.files.discardStored(stored);
      throw e;
    }
    return this.row(id);
  }

  /** rejects a pending invoice with a reason (shown to the user); its orders may be invoiced again */
  async reject(id: string, issuerId: string, reasonInput: string): Promise<InvoiceRow> {
    const invoiceId = idOf(id);
    const reason = reasonInput.trim();
    if (!reason) throw new AppError('INVALID_PARAM', { field: 'reason', params: { reason: 'required' } });
    await this.db.transaction(async (tx) => {
      const [inv] = await query<{ status: string }>(tx, sql`SELECT status FROM invoices WHERE id = ${invoiceId} FOR UPDATE`);
      if (!inv) throw new AppError('NOT_FOUND');
      if (inv.status !== 'pending') throw new AppError('INVOICE_NOT_PENDING');
      await tx.execute(sql`UPDATE invoices SET status = 'rejected', reason = ${reason}, issuer_id = ${issuerId}, updated_at = now() WHERE id = ${invoiceId}`);
      await tx.execute(sql`UPDATE invoice_orders SET active = false WHERE invoice_id = ${invoiceId}`);
    });
    return this.row(id);
  }

  /**
   * The issued PDF for its owner or a finance holder; NOT_FOUND for anyone else, so nobody
   * learns which invoice numbers exist.
   */
  async pdfFor(id: string, caller: AuthUser): Promise<{ name: string; stream: NodeJS.ReadableStream; size: number }> {
    const invoiceId = idOf(id);
    const [inv] = await query<{ user_id: string; file_id: string | null; invoice_no: string; status: string }>(
      this.db,
      sql`SELECT user_id, file_id, invoice_no, status FROM invoices WHERE id = ${invoiceId}`,
    );
    const allowed = inv && (inv.user_id === caller.uid || caller.isAdmin || checkRule(RULES.manageFinance, caller));
    if (!inv || !allowed || inv.status !== 'issued' || !inv.file_id) throw new AppError('NOT_FOUND');
    const opened = await this.files.storage.open(inv.file_id);
    if (!opened) throw new AppError('NOT_FOUND');
    return { name: `${inv.invoice_no}.pdf`, ...opened };
  }
}
