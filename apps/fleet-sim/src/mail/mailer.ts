import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log: an outbox folder or the SMTP host. */
  readonly destination: string;
}

/**
 * nodemailer with one of two transports: SMTP when SMTP_URL is set, otherwise a stream transport
 * whose rendered message is written to `outboxDir` as one `.eml` file per mail (and logged).
 */
export function createMailer(options: {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, outboxDir, from, logger } = options;
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      destination: new URL(smtpUrl).host,
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        logger.info(
          { to: message.to, subject: message.subject, messageId: info.messageId },
          'mail sent by SMTP',
        );
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    destination: outboxDir,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      mkdirSync(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      sequence += 1;
      const file = join(outboxDir, `${stamp}-${process.pid}-${sequence}.eml`);
      writeFileSync(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
  };
}
