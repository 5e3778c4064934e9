/** Helpers for the captcha and code tests: solve a captcha from its row, read codes out of mails. */
import { simpleParser } from 'mailparser';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/** the answer of a captcha, read from its row (kept in plain text: see server/db/schema/verification.ts) */
export async function captchaAnswer(q: Pick<pg.Pool | pg.Client, 'query'>, id: string): Promise<string> {
  const { rows } = await q.query<{ answer: string }>(`SELECT answer FROM captchas WHERE id = $1`, [id]);
  if (!rows[0]) throw new Error(`no captcha ${id}`);
  return rows[0].answer;
}

/** the 6-digit code in a raw mail (RFC 822 source) */
export async function codeInMail(raw: string | Buffer): Promise<{ code: string; to: string; subject: string; text: string; headers: Map<string, unknown> }> {
  const mail = await simpleParser(raw);
  const text = mail.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in mail: ${text}`);
  const to = Array.isArray(mail.to) ? mail.to[0].text : (mail.to?.text ?? '');
  return { code, to, subject: mail.subject ?? '', text, headers: mail.headers };
}

/** the newest mail to this address in a test-mode outbox folder */
export async function latestOutboxMail(dir: string, to: string) {
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];
  for (const f of files.reverse()) {
    const mail = await codeInMail(fs.readFileSync(path.join(dir, f)));
    if (mail.to.toLowerCase() === to.toLowerCase()) return mail;
  }
  throw new Error(`no mail to ${to} in ${dir}`);
}

/**
 * Codes sent earlier, written straight into verification_codes (created `ago`, e.g. '2 hours'),
 * so the daily and per-minute caps can be reached without sending hundreds of messages.
 * `target` may hold {n}, replaced by 1..count.
 */
export async function pastCodes(
  q: Pick<pg.Pool | pg.Client, 'query'>,
  opts: { count: number; target: string; ip: string; ago: string; channel?: 'email' | 'mobile' },
) {
  await q.query(
    `INSERT INTO verification_codes (scene, channel, target, code_hash, ip, expires_at, created_at, used_at)
     SELECT 'reset-pwd', $1, replace($2, '{n}', n::text), 'spent', $3, now() - $4::interval + interval '5 minutes',
            now() - $4::interval, now() - $4::interval
       FROM generate_series(1, $5) AS n`,
    [opts.channel ?? 'email', opts.target, opts.ip, opts.ago, opts.count],
  );
}
