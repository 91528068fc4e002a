import nodemailer from 'nodemailer';
import { z } from 'zod';
import { booleanFromString } from './env';
import type { AnyKysely, JobQueue, QueueSettings } from './jobs';

/** Environment of a service that sends e-mail (extend its env schema with these). */
export const mailEnvShape = {
  /** smtp(s)://user:pass@host:port; unset: e-mails are printed to the console instead. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Jesus Walks <hello@jesuswalks.org>'),
  /**
   * Without SMTP_URL: print the links' tokens (password reset, order status...) with the e-mails.
   * Default: yes, but not when NODE_ENV=production, where a console is read by more people than
   * the e-mail's owner and a reset link is the account.
   */
  MAIL_PRINT_TOKENS: booleanFromString.optional(),
};

/** How a service's e-mail goes out, from its environment (mailEnvShape and NODE_ENV). */
export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
  /** Without SMTP: whether the printed e-mails show their links' tokens. */
  printTokens: boolean;
}

export function mailSettingsOf(env: {
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  MAIL_PRINT_TOKENS?: boolean | undefined;
  NODE_ENV: string;
}): MailSettings {
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    printTokens: env.MAIL_PRINT_TOKENS ?? env.NODE_ENV !== 'production',
  };
}

/** Where e-mail goes, in one line for the start-up log (never the SMTP password). */
export function describeMailDelivery(settings: Pick<MailSettings, 'smtpUrl' | 'printTokens'>): string {
  if (settings.smtpUrl) {
    const url = new URL(settings.smtpUrl);
    return `e-mail is sent through SMTP at ${url.hostname}${url.port ? `:${url.port}` : ''}`;
  }
  return settings.printTokens
    ? 'e-mail is not sent (SMTP_URL is not set): each one is printed to the console with its links'
    : "e-mail is not sent (SMTP_URL is not set): each one is printed to the console, its links' tokens hidden (MAIL_PRINT_TOKENS=true shows them)";
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * Files sent with it (a walk's .ics). They travel in the job's data (JSON in Postgres), so keep
   * them to small text.
   */
  attachments?: MailAttachment[];
}

/** A small file attached to an e-mail: text, or a small image as base64. */
export interface MailAttachment {
  filename: string;
  /** 'text/calendar; charset=utf-8; method=PUBLISH', 'image/png' */
  contentType: string;
  content: string;
  /** 'base64': `content` is the file in base64 (an image); absent: text. */
  encoding?: 'base64';
  /**
   * Shown inside the HTML body (`<img src="cid:...">`) rather than as a file: a ticket's QR code.
   * E-mail clients block data: URLs and often remote images, but show inline ones.
   */
  cid?: string;
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

/** A link's token in a text: every link the services send carries it as `token=`. */
const LINK_TOKEN = /([?&]token=)[^\s&#]+/g;

/**
 * An e-mail as a person reads it in a terminal: headers, then the text body with its links, their
 * tokens replaced by a placeholder unless `printTokens`.
 */
export function formatMailForConsole(
  from: string,
  message: MailMessage,
  options: { printTokens: boolean } = { printTokens: true },
): string {
  const text = message.text.trimEnd();
  const hidden = options.printTokens ? text : text.replace(LINK_TOKEN, '$1[hidden]');
  // Named, not printed: a calendar file in the middle of the e-mail would only hide its text.
  const attachments = (message.attachments ?? []).map(
    (file) =>
      `Attachment: ${file.filename} (${file.contentType}, ${Buffer.byteLength(file.content, file.encoding === 'base64' ? 'base64' : 'utf8')} bytes)`,
  );
  return [
    `${rule}`,
    'E-mail (not sent: SMTP_URL is not set)',
    `From:    ${from}`,
    `To:      ${message.to}`,
    `Subject: ${message.subject}`,
    '',
    hidden,
    ...(hidden === text ? [] : ['', "(Links' tokens hidden: MAIL_PRINT_TOKENS=true prints them.)"]),
    ...(attachments.length > 0 ? ['', ...attachments] : []),
    rule,
  ].join('\n');
}

/**
 * The shared mailer: `enqueue` adds the message to the service's job queue; the queue's worker
 * sends it with nodemailer over SMTP when SMTP_URL is set, and otherwise hands a readable copy to
 * `print` (the console), so a development install can follow every link. Failed sends are retried
 * with backoff (mailQueueSettings).
 */
export function createMailer(
  options: MailSettings & {
    jobs: JobQueue;
    /** Where e-mails go without SMTP: printed whatever the log level (ServiceDeps.notice). */
    print: (text: string) => void;
    /** Told once where e-mail goes. */
    logger?: { info(message: string): void };
    settings?: QueueSettings;
  },
): Mailer {
  options.logger?.info(describeMailDelivery(options));
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  options.jobs.work<MailMessage>(
    MAIL_QUEUE,
    async (job): Promise<MailOutcome> => {
      const message = job.data;
      if (transport) {
        const info = await transport.sendMail({ from: options.from, ...message });
        return { transport: 'smtp', messageId: String(info.messageId) };
      }
      options.print(formatMailForConsole(options.from, message, { printTokens: options.printTokens }));
      return { transport: 'log' };
    },
    options.settings ?? mailQueueSettings,
  );
  options.jobs.onStop(() => transport?.close());
  return {
    async enqueue(trx, message) {
      const { to, subject, text, html, headers, attachments } = message;
      await options.jobs.enqueue(trx, MAIL_QUEUE, {
        to,
        subject,
        text,
        ...(html !== undefined ? { html } : {}),
        ...(headers !== undefined ? { headers } : {}),
        ...(attachments !== undefined && attachments.length > 0 ? { attachments } : {}),
      });
    },
  };
}
