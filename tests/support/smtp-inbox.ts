/**
 * A local SMTP server for tests that keeps every mail it receives (parsed, with the code in
 * it), so a test reads the code out of a mail really delivered over SMTP.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { codeInMail } from './verify';

export type ReceivedMail = Awaited<ReturnType<typeof codeInMail>>;

export interface SmtpInbox {
  /** every mail so far, oldest first */
  mails: ReceivedMail[];
  /** smtp://127.0.0.1:<port>, for the server's SMTP_URL */
  url: string;
  /** the first mail to `to` received after `after` mails (waits up to 10 s) */
  waitFor(to: string, after: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        codeInMail(Buffer.concat(chunks)).then(
          (m) => (mails.push(m), done()),
          (e: Error) => done(e),
        );
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    async waitFor(to, after) {
      const deadline = Date.now() + 10000;
      for (;;) {
        const mail = mails.slice(after).find((m) => m.to === to);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
