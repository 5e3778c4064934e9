/**
 * Image captchas and verification codes (uni-id semantics). Owns the captchas and
 * verification_codes tables.
 *  - Captcha: a server-drawn PNG (captcha-image.ts), bound to one form (scene), valid VERIFY.CAPTCHA_TTL_S,
 *    consumed by its first check whether right or wrong.
 *  - Code: 6 digits, per scene and target, valid 300 s (bind-mobile 240 s), single use, kept
 *    only as an HMAC. Sending one needs a captcha and is limited per target (interval, per
 *    day), per IP (per hour, per day) and for the whole site (per minute); wrong codes count,
 *    and the last allowed wrong one burns the code.
 */
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { checkEmail, isMobile } from '../../../shared/validation';
import { type CaptchaScene, type CodeScene, type Config, VERIFY } from '../../config';
import { AppError } from '../../core/errors';
import { type Lang, t } from '../../core/i18n';
import type { Mailer } from '../../core/mailer';
import type { SmsSender } from '../../core/sms';
import type { Db } from '../../db';
import { captchas, verificationCodes } from '../../db/schema';
import type { ListSpec } from '../../core/list/query';
import { randomCaptchaText, renderCaptchaPng } from './captcha-image';
import { LOCKS, xactLock } from '../../core/locks';

export type Channel = 'email' | 'mobile';

export interface CaptchaAnswer {
  captchaId: string;
  captcha: string;
}

/** the SMS test outbox as a list (keyword on the mobile number), newest first */
export const SMS_OUTBOX_LIST: ListSpec = {
  resource: 'sms-outbox',
  from: sql`sms_outbox o`,
  alias: 'o',
  columns: sql`o.id, o.mobile, o.scene, o.content, o.created_at`,
  search: [sql`o.mobile`],
  filters: { created_at: { kind: 'range', column: sql`o.created_at` } },
  sorts: { created_at: sql`o.created_at` },
  defaultSort: { field: 'created_at', order: 'descend' },
  tiebreak: sql`o.id`,
  toRow: (r) => ({ ...r, id: Number(r.id) }),
  exportColumns: [
    { key: 'mobile', width: 16 },
    { key: 'scene', width: 12 },
    { key: 'content', width: 60 },
    { key: 'created_at', date: true, width: 20 },
  ],
};

export const codeTtlS = (scene: CodeScene) => (scene === 'bind-mobile' ? VERIFY.BIND_MOBILE_CODE_TTL_S : VERIFY.CODE_TTL_S);

export class VerificationService {
  private key: Buffer;

  constructor(
    private db: Db,
    private mailer: Mailer,
    secret: string,
    private sms: SmsSender,
    private limits: Config['limits'],
  ) {
    this.key = createHash('sha256').update(`verification-codes:${secret}`).digest();
  }

  get testMode() {
    return this.mailer.testMode;
  }

  get smsTestMode() {
    return this.sms.testMode;
  }

  private hash(scene: string, target: string, code: string) {
    return createHmac('sha256', this.key).update(`${scene}\n${target}\n${code}`).digest('hex');
  }

  /** spent rows older than a day go, so the tables stay small */
  private async sweep() {
    const before = new Date(Date.now() - VERIFY.KEEP_SPENT_S * 1000);
    await this.db.delete(captchas).where(sql`${captchas.expiresAt} < ${before}`);
    await this.db.delete(verificationCodes).where(sql`${verificationCodes.expiresAt} < ${before}`);
  }

  /** `image`: a data: URL of the PNG */
  async createCaptcha(scene: CaptchaScene, ip: string): Promise<{ id: string; image: string; expiresIn: number }> {
    const { rows } = await this.db.$client.query<{ n: string }>(
      `SELECT count(*) AS n FROM captchas WHERE ip = $1 AND created_at > now() - interval '60 seconds'`,
      [ip],
    );
    if (Number(rows[0].n) >= VERIFY.CAPTCHA_MAX_PER_IP_PER_MINUTE) throw new AppError('CAPTCHA_TOO_FREQUENT');
    if (Math.random() < 0.05) await this.sweep();
    const text = randomCaptchaText(VERIFY.CAPTCHA_LENGTH);
    const [row] = await this.db
      .insert(captchas)
      .values({ scene, answer: text.toLowerCase(), ip, expiresAt: new Date(Date.now() + VERIFY.CAPTCHA_TTL_S * 1000) })
      .returning({ id: captchas.id });
    return { id: row.id, image: `data:image/png;base64,${renderCaptchaPng(text).toString('base64')}`, expiresIn: VERIFY.CAPTCHA_TTL_S };
  }

  /** Consumes the captcha (right or wrong); throws CAPTCHA_REQUIRED / CAPTCHA_INVALID on the captcha field. */
  async checkCaptcha(scene: CaptchaScene, input: Partial<CaptchaAnswer>): Promise<void> {
    const answer = input.captcha?.trim().toLowerCase();
    if (!input.captchaId || !answer) throw new AppError('CAPTCHA_REQUIRED', { field: 'captcha' });
    const [row] = await this.db
      .update(captchas)
      .set({ usedAt: new Date() })
      .where(and(eq(captchas.id, input.captchaId), eq(captchas.scene, scene), isNull(captchas.usedAt)))
      .returning({ answer: captchas.answer, expiresAt: captchas.expiresAt });
    if (!row || row.expiresAt.getTime() <= Date.now() || row.answer !== answer) throw new AppError('CAPTCHA_INVALID', { field: 'captcha' });
  }

  /**
   * Issues a code for (scene, target) once the captcha and the limits pass, and hands it to
   * `deliver` (mail, SMS). A newer code replaces the unused older ones of the same scene and
   * target. Both channels come through here.
   */
  private async issueCode(
    issue: { channel: Channel; target: string; scene: CodeScene; ip: string } & Partial<CaptchaAnswer>,
    deliver: (code: string, ttl: number) => Promise<void>,
  ): Promise<{ expiresIn: number; resendIn: number }> {
    const { target, scene, ip } = issue;
    await this.checkCaptcha('send-code', issue);
    const code = String(randomInt(0, 10 ** VERIFY.CODE_LENGTH)).padStart(VERIFY.CODE_LENGTH, '0');
    const ttl = codeTtlS(scene);
    const field = issue.channel;
    const id = await this.db.transaction(async (tx) => {
      // one sender at a time, so two requests cannot both pass a count (the site-wide cap
      // included); the section is a few short queries, the delivery happens after it
      await tx.execute(xactLock(LOCKS.CODE_SENDS));
      const { rows } = await tx.execute<{ ago: string | null; target_day: string; ip_hour: string; ip_day: string; site_minute: string }>(sql`
        SELECT extract(epoch FROM clock_timestamp() - max(created_at) FILTER (WHERE target = ${target})) AS ago,
               count(*) FILTER (WHERE target = ${target}) AS target_day,
               count(*) FILTER (WHERE ip = ${ip} AND created_at > clock_timestamp() - interval '1 hour') AS ip_hour,
               count(*) FILTER (WHERE ip = ${ip}) AS ip_day,
               count(*) FILTER (WHERE created_at > clock_timestamp() - interval '1 minute') AS site_minute
          FROM verification_codes WHERE created_at > clock_timestamp() - interval '1 day'`);
      const n = rows[0];
      const ago = n.ago == null ? Infinity : Number(n.ago);
      if (ago < VERIFY.CODE_RESEND_INTERVAL_S) {
        throw new AppError('CODE_SEND_TOO_FREQUENT', { params: { seconds: Math.ceil(VERIFY.CODE_RESEND_INTERVAL_S - ago) } });
      }
      if (Number(n.target_day) >= this.limits.codesPerTargetPerDay) throw new AppError('CODE_SEND_DAILY_LIMIT', { field });
      if (Number(n.ip_hour) >= VERIFY.CODE_MAX_PER_IP_PER_HOUR || Number(n.ip_day) >= this.limits.codesPerIpPerDay) {
        throw new AppError('CODE_SEND_LIMIT', { field });
      }
      if (Number(n.site_minute) >= this.limits.codesPerMinute) throw new AppError('CODE_SEND_BUSY', { field });
      await tx
        .update(verificationCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(verificationCodes.target, target), eq(verificationCodes.scene, scene), isNull(verificationCodes.usedAt)));
      const [row] = await tx
        .insert(verificationCodes)
        .values({ scene, channel: issue.channel, target, codeHash: this.hash(scene, target, code), ip, expiresAt: new Date(Date.now() + ttl * 1000) })
        .returning({ id: verificationCodes.id });
      return row.id;
    });
    try {
      await deliver(code, ttl);
    } catch (e) {
      // not delivered: the code goes, so the user can ask again at once
      await this.db.delete(verificationCodes).where(eq(verificationCodes.id, id));
      throw e;
    }
    return { expiresIn: ttl, resendIn: VERIFY.CODE_RESEND_INTERVAL_S };
  }

  /** a code by mail (test mode: the outbox folder) */
  async sendEmailCode(input: { email: string; scene: CodeScene } & Partial<CaptchaAnswer>, ip: string, lang: Lang) {
    const target = input.email.trim().toLowerCase();
    if (!target || checkEmail(target)) throw new AppError('EMAIL_INVALID', { field: 'email' });
    const purpose = t(lang, `mail.scene.${input.scene}`);
    const sent = await this.issueCode({ ...input, channel: 'email', target, ip }, async (code, ttl) => {
      try {
        await this.mailer.send({
          to: target,
          subject: t(lang, 'mail.code.subject', { purpose }),
          text: t(lang, 'mail.code.text', { code, purpose, minutes: Math.round(ttl / 60) }),
        });
      } catch (e) {
        throw new AppError('EMAIL_SEND_FAILED', { cause: e });
      }
    });
    return { ...sent, testMode: this.mailer.testMode };
  }

  /** a code by SMS (test mode: the sms_outbox table and the log); `mobile` is checked by the caller's rules */
  async sendSmsCode(input: { mobile: string; scene: CodeScene } & Partial<CaptchaAnswer>, ip: string, lang: Lang) {
    const target = input.mobile.trim();
    if (!isMobile(target)) throw new AppError('MOBILE_INVALID', { field: 'mobile' });
    const sent = await this.issueCode({ ...input, channel: 'mobile', target, ip }, (code, ttl) =>
      this.sms.send({
        mobile: target,
        scene: input.scene,
        code,
        text: t(lang, 'sms.code.text', { code, purpose: t(lang, `mail.scene.${input.scene}`), minutes: Math.round(ttl / 60) }),
      }),
    );
    return { ...sent, testMode: this.sms.testMode };
  }

  /**
   * Uses the code: right -> spent; wrong -> counted (the last allowed wrong one burns it);
   * none standing (expired, used, replaced) -> CODE_EXPIRED. Errors name `field`.
   */
  async useCode(input: { scene: CodeScene; target: string; code: string }, field = 'code'): Promise<void> {
    const target = input.target.trim().toLowerCase();
    const code = input.code.trim();
    let failure: AppError | undefined;
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.target, target),
            eq(verificationCodes.scene, input.scene),
            isNull(verificationCodes.usedAt),
            gt(verificationCodes.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
        .for('update');
      if (!row) {
        failure = new AppError('CODE_EXPIRED', { field });
        return;
      }
      const given = Buffer.from(this.hash(input.scene, target, code), 'hex');
      if (!/^\d+$/.test(code) || !timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) {
        const attempts = row.attempts + 1;
        const burnt = attempts >= VERIFY.CODE_MAX_ATTEMPTS;
        await tx
          .update(verificationCodes)
          .set({ attempts, ...(burnt ? { usedAt: new Date() } : {}) })
          .where(eq(verificationCodes.id, row.id));
        failure = burnt
          ? new AppError('CODE_ATTEMPTS_EXCEEDED', { field })
          : new AppError('CODE_INVALID', { field, params: { left: VERIFY.CODE_MAX_ATTEMPTS - attempts } });
        return;
      }
      await tx.update(verificationCodes).set({ usedAt: new Date() }).where(eq(verificationCodes.id, row.id));
    });
    if (failure) throw failure;
  }
}
