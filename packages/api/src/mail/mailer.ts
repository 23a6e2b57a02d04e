import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../platform/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * The message holds a link to act on (reset, verification): without SMTP the
   * log says which outbox file has it, never the link itself (its token).
   */
  hasLink?: boolean;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://...`; unset writes messages to `outboxDir`. */
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}

/**
 * Mail through nodemailer: SMTP when a URL is configured, otherwise each
 * message is rendered by nodemailer's stream transport into an `.eml` file in
 * the outbox folder and its link is logged.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { logger } = options;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send({ hasLink: _hasLink, ...message }) {
        const info = await transport.sendMail({ from: options.from, ...message });
        logger.info('mail sent', { subject: message.subject, messageId: info.messageId });
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ hasLink, ...message }) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${crypto.randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info(hasLink ? 'mail with a link written to outbox: open the file to follow it' : 'mail written to outbox', {
        subject: message.subject,
        file,
      });
    },
    close: () => transport.close(),
  };
}
