import nodemailer from 'nodemailer';
import { z } from 'zod';

/** Environment of a service that sends e-mail (extend its env schema with these). */
export const mailEnvShape = {
  /** smtp(s)://user:pass@host:port; unset: e-mails go to the log and the outbox table only. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Jesus Walks <hello@jesuswalks.org>'),
};

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface OutboxEntry extends MailMessage {
  from: string;
  transport: 'smtp' | 'log';
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface MinimalLogger {
  info(object: object, message: string): void;
}

/**
 * The shared mailer: nodemailer over SMTP when SMTP_URL is set; otherwise the message is written
 * to the log. Either way it is kept in the service's outbox table (`record`), so a development
 * install can show what would have been sent and production keeps a trail.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  logger: MinimalLogger;
  record: (entry: OutboxEntry) => Promise<void>;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(message) {
      if (transport) {
        await transport.sendMail({ from: options.from, ...message });
      } else {
        options.logger.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          'e-mail (not sent: SMTP_URL unset)',
        );
      }
      await options.record({ ...message, from: options.from, transport: transport ? 'smtp' : 'log' });
    },
    close() {
      transport?.close();
    },
  };
}
