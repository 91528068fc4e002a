import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, mailEnvShape, type OutboxEntry } from './mailer';

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

describe('mailer', () => {
  it('sends through SMTP when SMTP_URL is set, with custom headers, and records it', async () => {
    const recorded: OutboxEntry[] = [];
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Jesus Walks <hello@jesuswalks.org>',
      logger: { info: () => {} },
      record: async (entry) => void recorded.push(entry),
    });
    await mailer.send({
      to: 'walker@example.com',
      subject: 'Welcome',
      text: 'Hello walker',
      headers: { 'List-Unsubscribe': '<https://example.org/u>' },
    });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['walker@example.com']);
    expect(received[0]?.from).toBe('hello@jesuswalks.org');
    expect(received[0]?.data).toContain('Subject: Welcome');
    expect(received[0]?.data).toContain('List-Unsubscribe: <https://example.org/u>');
    expect(recorded).toMatchObject([{ to: 'walker@example.com', transport: 'smtp' }]);
  });

  it('writes to the log and the outbox when SMTP is not configured', async () => {
    const logged: object[] = [];
    const recorded: OutboxEntry[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'x@example.org',
      logger: { info: (object) => void logged.push(object) },
      record: async (entry) => void recorded.push(entry),
    });
    await mailer.send({ to: 'a@example.com', subject: 'Reset', text: 'token' });
    expect(logged).toEqual([{ mail: { to: 'a@example.com', subject: 'Reset', text: 'token' } }]);
    expect(recorded).toMatchObject([{ to: 'a@example.com', transport: 'log', from: 'x@example.org' }]);
  });

  it('refuses an SMTP_URL that is not smtp(s)', () => {
    expect(mailEnvShape.SMTP_URL.safeParse('http://mail.example').success).toBe(false);
    expect(mailEnvShape.SMTP_URL.safeParse('smtps://u:p@mail.example:465').success).toBe(true);
  });
});
