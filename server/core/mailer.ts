/**
 * The email channel. With SMTP_URL set, mails go out through nodemailer over SMTP. Without
 * it the server runs in test mode: each mail is written as an .eml file to <DATA_DIR>/outbox
 * and its text goes to the log, both labelled TEST MODE, so a developer can read the codes.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** files sent with the mail (an issued invoice's PDF) */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** true when no SMTP server is configured: mails land in the outbox */
  readonly testMode: boolean;
  send(mail: Mail): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
}

export function outboxDir(config: Pick<Config, 'dataDir'>) {
  return path.join(config.dataDir, 'outbox');
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: Log): Mailer {
  // nodemailer loads with the first mail, not with the server
  const nodemailer = async () => (await import('nodemailer')).default;
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    let transport: ReturnType<typeof import('nodemailer').createTransport> | undefined;
    return {
      testMode: false,
      async send(mail) {
        transport ??= (await nodemailer()).createTransport(smtpUrl);
        await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments });
      },
    };
  }
  const dir = outboxDir(config);
  return {
    testMode: true,
    async send(mail) {
      // builds the complete message (headers, encoding) without sending it anywhere
      const builder = (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await builder.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: mail.attachments,
        headers: { 'X-Console-Test-Mode': 'no SMTP_URL configured: this mail was not sent' },
      });
      await fs.promises.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await fs.promises.writeFile(file, info.message as Buffer);
      log.warn({ testMode: true, to: mail.to, subject: mail.subject, text: mail.text, file }, 'TEST MODE mail (no SMTP_URL): not sent, written to the outbox');
    },
  };
}
