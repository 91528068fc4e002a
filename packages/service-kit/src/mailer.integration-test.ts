import type { AddressInfo } from 'node:net';
import { queuedMailFor, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import type { Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, type JobQueue } from './jobs';
import {
  createMailer,
  describeMailDelivery,
  formatMailForConsole,
  type Mailer,
  mailEnvShape,
  mailSettingsOf,
} from './mailer';

const received: Array<{ from: string; to: string[]; data: string }> = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const migrations = {
  '0001_create_accounts': {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .createTable('accounts')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .execute();
    },
  },
};

interface AccountsDatabase {
  accounts: { email: string };
}

/** A service's database, queue and mailer (SMTP when a URL is given, else printed to `printed`). */
async function startMailing(smtpUrl: string | undefined, options: { printTokens?: boolean } = {}) {
  const database: TestDatabase<AccountsDatabase> = await createTestDatabase<AccountsDatabase>({
    schema: 'kit_mail',
    migrations,
  });
  const jobs: JobQueue = createJobQueue({ db: database.db, schema: 'kit_mail', pollingIntervalSeconds: 0.5 });
  const printed: string[] = [];
  const mailer: Mailer = createMailer({
    jobs,
    smtpUrl,
    from: 'Jesus Walks <hello@jesuswalks.org>',
    printTokens: options.printTokens ?? true,
    print: (text) => void printed.push(text),
  });
  await jobs.start();
  return {
    database,
    mailer,
    printed,
    async close() {
      await jobs.stop();
      await database.destroy();
    },
  };
}

describe('mailer (the queue is the outbox)', () => {
  it('sends through SMTP after the transaction commits, with custom headers', async () => {
    const mailing = await startMailing(`smtp://127.0.0.1:${port}`);
    try {
      await mailing.database.db.transaction().execute(async (trx) => {
        await trx.insertInto('accounts').values({ email: 'walker@example.com' }).execute();
        await mailing.mailer.enqueue(trx, {
          to: 'walker@example.com',
          subject: 'Welcome',
          text: 'Hello walker',
          headers: { 'List-Unsubscribe': '<https://example.org/u>' },
        });
      });
      await waitForJobs(mailing.database.db);
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual(['walker@example.com']);
      expect(received[0]?.from).toBe('hello@jesuswalks.org');
      expect(received[0]?.data).toContain('Subject: Welcome');
      expect(received[0]?.data).toContain('List-Unsubscribe: <https://example.org/u>');
      expect(await queuedMailFor(mailing.database.db, 'walker@example.com')).toMatchObject([
        { subject: 'Welcome', state: 'completed', transport: 'smtp' },
      ]);
      expect(mailing.printed).toEqual([]);
    } finally {
      await mailing.close();
    }
  });

  it('sends attachments through SMTP, and names each one when printing instead', async () => {
    const calendar = {
      filename: 'sunrise-walk.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSUMMARY:Sunrise — walk\r\nEND:VCALENDAR\r\n',
    };
    const message = {
      to: 'files@example.com',
      subject: 'Your walk',
      text: 'See you there',
      attachments: [calendar],
    };
    const smtp = await startMailing(`smtp://127.0.0.1:${port}`);
    try {
      await smtp.mailer.enqueue(smtp.database.db, message);
      await waitForJobs(smtp.database.db);
      const sent = received.find((mail) => mail.to.includes('files@example.com'))?.data ?? '';
      expect(sent).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/);
      expect(sent).toMatch(/filename=sunrise-walk\.ics/);
      // The job's data carries the file, as the worker sends it.
      expect((await queuedMailFor(smtp.database.db, 'files@example.com'))[0]?.attachments).toEqual([
        calendar,
      ]);
    } finally {
      await smtp.close();
    }
    const printing = await startMailing(undefined);
    try {
      await printing.mailer.enqueue(printing.database.db, message);
      await waitForJobs(printing.database.db);
      const block = printing.printed[0] ?? '';
      expect(block).toContain(
        `Attachment: sunrise-walk.ics (text/calendar; charset=utf-8; method=PUBLISH, ${Buffer.byteLength(calendar.content)} bytes)`,
      );
      expect(block).not.toContain('BEGIN:VCALENDAR');
    } finally {
      await printing.close();
    }
  });

  it('sends nothing for a write that rolled back', async () => {
    const mailing = await startMailing(`smtp://127.0.0.1:${port}`);
    const before = received.length;
    try {
      await mailing.database.db
        .transaction()
        .execute(async (trx) => {
          await mailing.mailer.enqueue(trx, { to: 'ghost@example.com', subject: 'Never', text: 'x' });
          throw new Error('rolled back');
        })
        .catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await queuedMailFor(mailing.database.db, 'ghost@example.com')).toEqual([]);
      expect(received.length).toBe(before);
    } finally {
      await mailing.close();
    }
  });

  it('retries when the SMTP server is down, and keeps the e-mail queued meanwhile', async () => {
    const mailing = await startMailing('smtp://127.0.0.1:1');
    try {
      await mailing.mailer.enqueue(mailing.database.db, { to: 'later@example.com', subject: 'S', text: 'T' });
      await expect
        .poll(async () => (await queuedMailFor(mailing.database.db, 'later@example.com'))[0]?.state)
        .toBe('retry');
    } finally {
      await mailing.close();
    }
  });

  it('without SMTP_URL, prints a readable block with the links instead', async () => {
    const mailing = await startMailing(undefined);
    try {
      await mailing.mailer.enqueue(mailing.database.db, {
        to: 'a@example.com',
        subject: 'Reset your password',
        text: 'Open this link:\n\nhttp://localhost:3000/reset-password?token=abc\n',
        html: '<p>ignored in the console</p>',
      });
      await waitForJobs(mailing.database.db);
      expect(mailing.printed).toHaveLength(1);
      const block = mailing.printed[0] ?? '';
      expect(block).toContain('To:      a@example.com');
      expect(block).toContain('Subject: Reset your password');
      expect(block).toContain('http://localhost:3000/reset-password?token=abc');
      expect(block).not.toContain('<p>');
      expect(block).not.toMatch(/^\s*\{/);
      expect(await queuedMailFor(mailing.database.db, 'a@example.com')).toMatchObject([
        { state: 'completed', transport: 'log' },
      ]);
    } finally {
      await mailing.close();
    }
  });

  it("in production without SMTP, prints the e-mail with its links' tokens hidden unless asked by name", async () => {
    const production = mailSettingsOf({ MAIL_FROM: 'x@example.org', NODE_ENV: 'production' });
    expect(production.printTokens).toBe(false);
    expect(
      mailSettingsOf({ MAIL_FROM: 'x', NODE_ENV: 'production', MAIL_PRINT_TOKENS: true }).printTokens,
    ).toBe(true);
    expect(mailSettingsOf({ MAIL_FROM: 'x', NODE_ENV: 'development' }).printTokens).toBe(true);
    const mailing = await startMailing(undefined, { printTokens: production.printTokens });
    try {
      await mailing.mailer.enqueue(mailing.database.db, {
        to: 'b@example.com',
        subject: 'Your order',
        text: 'Reset: http://localhost:3000/reset-password?token=SECRET-1\nStatus: http://localhost:3000/orders/status?lang=en&token=SECRET_2#top\n',
      });
      await waitForJobs(mailing.database.db);
      const block = mailing.printed[0] ?? '';
      expect(block).toContain('To:      b@example.com');
      expect(block).not.toContain('SECRET');
      expect(block).toContain('http://localhost:3000/reset-password?token=[hidden]');
      expect(block).toContain('http://localhost:3000/orders/status?lang=en&token=[hidden]#top');
      expect(block).toContain('MAIL_PRINT_TOKENS=true');
    } finally {
      await mailing.close();
    }
  });

  it('says where e-mail goes, without the SMTP password', () => {
    expect(
      describeMailDelivery({ smtpUrl: 'smtps://user:pa55@mail.example.org:465', printTokens: false }),
    ).toBe('e-mail is sent through SMTP at mail.example.org:465');
    expect(describeMailDelivery({ smtpUrl: undefined, printTokens: true })).toMatch(
      /printed to the console with its links/,
    );
    expect(describeMailDelivery({ smtpUrl: undefined, printTokens: false })).toMatch(/tokens hidden/);
  });

  it('formats the console block: From, To, Subject, then the text', () => {
    expect(
      formatMailForConsole('x@example.org', { to: 'a@example.com', subject: 'Hi', text: 'Body\n' }),
    ).toBe(
      [
        '-'.repeat(72),
        'E-mail (not sent: SMTP_URL is not set)',
        'From:    x@example.org',
        'To:      a@example.com',
        'Subject: Hi',
        '',
        'Body',
        '-'.repeat(72),
      ].join('\n'),
    );
  });

  it('refuses an SMTP_URL that is not smtp(s)', () => {
    expect(mailEnvShape.SMTP_URL.safeParse('http://mail.example').success).toBe(false);
    expect(mailEnvShape.SMTP_URL.safeParse('smtps://u:p@mail.example:465').success).toBe(true);
  });
});
