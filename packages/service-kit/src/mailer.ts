import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { AnyKysely, JobQueue, QueueSettings } from './jobs';

/** Environment of a service that sends e-mail (extend its env schema with these). */
export const mailEnvShape = {
  /** smtp(s)://user:pass@host:port; unset: e-mails are printed to the console instead. */
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

/** The queue every service's e-mail goes through (its jobs are the outbox). */
export const MAIL_QUEUE = 'mail';

/** A failed send is retried 5 times, about 30 s, 1, 2, 4 and 8 minutes apart (with jitter). */
export const mailQueueSettings: QueueSettings = {
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  batchSize: 5,
};

/** How a sent e-mail went out: kept as its job's output. */
export interface MailOutcome {
  transport: 'smtp' | 'log';
  messageId?: string;
}

export interface Mailer {
  /**
   * Queues an e-mail in the transaction of the write that causes it: it goes out once that
   * commits (never if it rolls back), and the HTTP answer never waits on SMTP.
   */
  enqueue(trx: AnyKysely, message: MailMessage): Promise<void>;
}

const rule = '-'.repeat(72);

/** An e-mail as a person reads it in a terminal: headers, then the text body with its links. */
export function formatMailForConsole(from: string, message: MailMessage): string {
  return [
    `${rule}`,
    'E-mail (not sent: SMTP_URL is not set)',
    `From:    ${from}`,
    `To:      ${message.to}`,
    `Subject: ${message.subject}`,
    '',
    message.text.trimEnd(),
    rule,
  ].join('\n');
}

/**
 * The shared mailer: `enqueue` adds the message to the service's job queue; the queue's worker
 * sends it with nodemailer over SMTP when SMTP_URL is set, and otherwise hands a readable copy to
 * `print` (the console), so a development install can follow every link. Failed sends are retried
 * with backoff (mailQueueSettings).
 */
export function createMailer(options: {
  jobs: JobQueue;
  smtpUrl: string | undefined;
  from: string;
  /** Where e-mails go without SMTP: printed whatever the log level (ServiceDeps.notice). */
  print: (text: string) => void;
  settings?: QueueSettings;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  options.jobs.work<MailMessage>(
    MAIL_QUEUE,
    async (job): Promise<MailOutcome> => {
      const message = job.data;
      if (transport) {
        const info = await transport.sendMail({ from: options.from, ...message });
        return { transport: 'smtp', messageId: String(info.messageId) };
      }
      options.print(formatMailForConsole(options.from, message));
      return { transport: 'log' };
    },
    options.settings ?? mailQueueSettings,
  );
  options.jobs.onStop(() => transport?.close());
  return {
    async enqueue(trx, message) {
      const { to, subject, text, html, headers } = message;
      await options.jobs.enqueue(trx, MAIL_QUEUE, {
        to,
        subject,
        text,
        ...(html !== undefined ? { html } : {}),
        ...(headers !== undefined ? { headers } : {}),
      });
    },
  };
}
