import type { AddressInfo } from 'node:net';
import { RemovedSubscriberSchema, SubscriberListSchema } from '@jesus-walks/contracts/newsletter';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testAdmin,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { outboxFor, tokenOfLink } from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';
import { SUBSCRIBE_ATTEMPTS_PER_WINDOW, SUBSCRIBED_MESSAGE } from './newsletter.service';

let content: TestService<Env, ContentAndEventsDatabase>;

beforeAll(async () => {
  content = await startTestService(service, {
    ...generousClientLimits,
    PUBLIC_ORIGIN: 'https://walks.example',
  });
});
afterAll(() => content.close());

function subscribe(payload: unknown) {
  return content.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: payload as object });
}

function post(url: string, token: string) {
  return content.app.inject({ method: 'POST', url, payload: { token } });
}

async function subscriber(email: string) {
  return content.db.selectFrom('waitlist').selectAll().where('email', '=', email).executeTakeFirst();
}

async function welcomeOf(email: string) {
  const mails = await outboxFor(content.db, email);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no e-mail to ${email}`);
  return mail;
}

describe('POST /api/newsletter/subscribe', () => {
  it('stores the address lower-cased and sends a welcome e-mail asking to confirm', async () => {
    const response = await subscribe({ email: '  Hannah@Example.COM ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SUBSCRIBED_MESSAGE });
    expect(await subscriber('hannah@example.com')).toMatchObject({ confirmedAt: null, unsubscribedAt: null });

    const mail = await welcomeOf('hannah@example.com');
    expect(mail.subject).toBe('Welcome to Jesus News: please confirm your subscription');
    expect(mail.text).toContain('https://walks.example/newsletter/confirm?token=');
    expect(mail.text).toContain('https://walks.example/newsletter/unsubscribe?token=');
    expect(mail.html).toContain('Confirm my subscription');
    expect(mail.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/walks\.example\/api\/newsletter\/one-click-unsubscribe\?token=[^>]+>$/,
    );
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('is idempotent: subscribing again answers the same and sends no second e-mail right away', async () => {
    expect((await subscribe({ email: 'twice@example.com' })).statusCode).toBe(200);
    const again = await subscribe({ email: 'TWICE@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: SUBSCRIBED_MESSAGE });
    const rows = await content.db
      .selectFrom('waitlist')
      .select('id')
      .where('email', '=', 'twice@example.com')
      .execute();
    expect(rows).toHaveLength(1);
    expect(await outboxFor(content.db, 'twice@example.com')).toHaveLength(1);
  });

  it('sends one e-mail for simultaneous subscriptions of one address', async () => {
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => subscribe({ email: 'rush@example.com' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await outboxFor(content.db, 'rush@example.com')).toHaveLength(1);
  });

  it('checks the e-mail on the server (400 with the spec message)', async () => {
    for (const email of ['', 'no-at-sign', 'a@', `${'x'.repeat(250)}@example.com`]) {
      const response = await subscribe({ email });
      expect(response.statusCode, email).toBe(400);
      expect(response.json(), email).toMatchObject({
        code: 'validation_failed',
        issues: [{ path: ['body', 'email'], message: 'Please enter a valid email address.' }],
      });
    }
    expect((await subscribe({})).statusCode).toBe(400);
    expect((await subscribe({ email: 42 })).statusCode).toBe(400);
  });

  it('answers a bot that fills the honeypot like anyone else, and stores nothing', async () => {
    const response = await subscribe({ email: 'bot@example.com', website: 'http://spam.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SUBSCRIBED_MESSAGE });
    expect(await subscriber('bot@example.com')).toBeUndefined();
    expect(await outboxFor(content.db, 'bot@example.com')).toEqual([]);
  });

  it('limits attempts per address (429)', async () => {
    for (let i = 0; i < SUBSCRIBE_ATTEMPTS_PER_WINDOW; i++) {
      expect((await subscribe({ email: 'eager@example.com' })).statusCode).toBe(200);
    }
    const limited = await subscribe({ email: 'eager@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'Too many subscription attempts for this address. Please try again in an hour.',
      code: 'rate_limited',
    });
    // Another address is not affected; the window passing resets the count.
    expect((await subscribe({ email: 'patient@example.com' })).statusCode).toBe(200);
    await content.db
      .updateTable('waitlist')
      .set({ attemptsWindowStartedAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where('email', '=', 'eager@example.com')
      .execute();
    expect((await subscribe({ email: 'eager@example.com' })).statusCode).toBe(200);
  });

  it('sends the confirmation again to an unconfirmed address after a while', async () => {
    await subscribe({ email: 'forgetful@example.com' });
    await content.db
      .updateTable('waitlist')
      .set({ confirmationSentAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where('email', '=', 'forgetful@example.com')
      .execute();
    await subscribe({ email: 'forgetful@example.com' });
    expect(await outboxFor(content.db, 'forgetful@example.com')).toHaveLength(2);
  });
});

describe('confirming', () => {
  it('confirms with the token of the welcome e-mail (a POST from the page), once', async () => {
    await subscribe({ email: 'confirm.me@example.com' });
    const token = tokenOfLink((await welcomeOf('confirm.me@example.com')).text, '/newsletter/confirm');
    const response = await post('/api/newsletter/confirm', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Thank you! Your subscription to Jesus News is confirmed.',
      email: 'confirm.me@example.com',
    });
    expect((await subscriber('confirm.me@example.com'))?.confirmedAt).toBeInstanceOf(Date);
    const again = await post('/api/newsletter/confirm', token);
    expect(again.json()).toMatchObject({ message: 'Your subscription is already confirmed.' });
    // A confirmed subscriber gets no further confirmation e-mails.
    await subscribe({ email: 'confirm.me@example.com' });
    expect(await outboxFor(content.db, 'confirm.me@example.com')).toHaveLength(1);
  });

  it('never confirms on a bare GET (mail scanners follow links)', async () => {
    await subscribe({ email: 'scanned@example.com' });
    const token = tokenOfLink((await welcomeOf('scanned@example.com')).text, '/newsletter/confirm');
    const response = await content.app.inject({
      url: `/api/newsletter/confirm?token=${encodeURIComponent(token)}`,
    });
    expect(response.statusCode).toBe(404);
    expect((await subscriber('scanned@example.com'))?.confirmedAt).toBeNull();
  });

  it('refuses a forged, foreign-purpose or malformed token (400)', async () => {
    await subscribe({ email: 'forge@example.com' });
    const text = (await welcomeOf('forge@example.com')).text;
    const confirmToken = tokenOfLink(text, '/newsletter/confirm');
    const unsubscribeToken = tokenOfLink(text, '/newsletter/unsubscribe');
    for (const token of [`${confirmToken.slice(0, -3)}abc`, unsubscribeToken, 'garbage']) {
      const response = await post('/api/newsletter/confirm', token);
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toEqual({
        message:
          'This confirmation link is not valid or has expired. Please subscribe again to get a new one.',
        code: 'bad_request',
      });
    }
    expect((await post('/api/newsletter/confirm', '')).statusCode).toBe(400);
  });
});

describe('unsubscribing', () => {
  it('unsubscribes with the signed link (a POST from the page), idempotently', async () => {
    await subscribe({ email: 'leaving@example.com' });
    const token = tokenOfLink((await welcomeOf('leaving@example.com')).text, '/newsletter/unsubscribe');
    const response = await post('/api/newsletter/unsubscribe', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'You have been unsubscribed from Jesus News.',
      email: 'leaving@example.com',
    });
    expect((await subscriber('leaving@example.com'))?.unsubscribedAt).toBeInstanceOf(Date);
    expect((await post('/api/newsletter/unsubscribe', token)).json()).toMatchObject({
      message: 'You are already unsubscribed from Jesus News.',
    });
    // The old confirmation link no longer subscribes them.
    const confirmToken = tokenOfLink((await welcomeOf('leaving@example.com')).text, '/newsletter/confirm');
    expect((await post('/api/newsletter/confirm', confirmToken)).statusCode).toBe(400);
  });

  it('supports the RFC 8058 one-click POST of mail clients (form body, token in the query)', async () => {
    await subscribe({ email: 'oneclick@example.com' });
    const header = (await welcomeOf('oneclick@example.com')).headers['List-Unsubscribe'] ?? '';
    const url = new URL(header.slice(1, -1));
    const response = await content.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'You have been unsubscribed from Jesus News.' });
    expect((await subscriber('oneclick@example.com'))?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('accepts the one-click POST as multipart/form-data too', async () => {
    await subscribe({ email: 'multipart@example.com' });
    const header = (await welcomeOf('multipart@example.com')).headers['List-Unsubscribe'] ?? '';
    const url = new URL(header.slice(1, -1));
    const boundary = 'XyZ123';
    const response = await content.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(200);
    expect((await subscriber('multipart@example.com'))?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('takes form bodies on the one-click route only: a form of any size to a JSON route is 415', async () => {
    const boundary = 'XyZ123';
    for (const size of [100, 32 * 1024]) {
      for (const [contentType, payload] of [
        [
          `multipart/form-data; boundary=${boundary}`,
          `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${'a'.repeat(size)}\r\n--${boundary}--\r\n`,
        ],
        ['application/x-www-form-urlencoded', `email=${'a'.repeat(size)}`],
      ] as const) {
        const response = await content.app.inject({
          method: 'POST',
          url: '/api/newsletter/subscribe',
          headers: { 'content-type': contentType },
          payload,
        });
        expect(response.statusCode, `${contentType} of ${size} bytes`).toBe(415);
        expect(response.json()).toMatchObject({ code: 'bad_request' });
      }
    }
  });

  it('refuses a one-click POST without the One-Click body or with a bad token (400)', async () => {
    const noBody = await content.app.inject({
      method: 'POST',
      url: '/api/newsletter/one-click-unsubscribe?token=abc',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'something=else',
    });
    expect(noBody.statusCode).toBe(400);
    const badToken = await content.app.inject({
      method: 'POST',
      url: '/api/newsletter/one-click-unsubscribe?token=abc',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json()).toEqual({ message: 'This unsubscribe link is not valid.', code: 'bad_request' });
  });

  it('lets an unsubscribed address subscribe again, confirming anew', async () => {
    await subscribe({ email: 'returning@example.com' });
    const token = tokenOfLink((await welcomeOf('returning@example.com')).text, '/newsletter/unsubscribe');
    await post('/api/newsletter/unsubscribe', token);
    await subscribe({ email: 'returning@example.com' });
    expect(await subscriber('returning@example.com')).toMatchObject({
      unsubscribedAt: null,
      confirmedAt: null,
    });
    expect(await outboxFor(content.db, 'returning@example.com')).toHaveLength(2);
  });
});

describe('admin subscriber lists', () => {
  it('lists subscribers with their status and the counts, and exports CSV', async () => {
    const fresh = await startTestService(service);
    try {
      const inject = (payload: object) =>
        fresh.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload });
      for (const email of ['one@example.com', 'two@example.com', '+danger@example.com']) {
        expect((await inject({ email })).statusCode, email).toBe(200);
      }
      await fresh.db
        .updateTable('waitlist')
        .set({ confirmedAt: new Date() })
        .where('email', '=', 'one@example.com')
        .execute();
      await fresh.db
        .updateTable('waitlist')
        .set({ unsubscribedAt: new Date() })
        .where('email', '=', 'two@example.com')
        .execute();

      const response = await fresh.app.inject({
        url: '/api/newsletter/subscribers',
        headers: await identityHeaders(testAdmin, 'GET', '/api/newsletter/subscribers'),
      });
      expect(response.statusCode).toBe(200);
      const list = SubscriberListSchema.parse(response.json());
      expect(list.counts).toEqual({ total: 3, confirmed: 1, pending: 1, unsubscribed: 1 });
      expect(Object.fromEntries(list.subscribers.map((s) => [s.email, [s.status, s.confirmed]]))).toEqual({
        'one@example.com': ['confirmed', true],
        'two@example.com': ['unsubscribed', false],
        '+danger@example.com': ['pending', false],
      });

      const csv = await fresh.app.inject({
        url: '/api/newsletter/subscribers.csv',
        headers: await identityHeaders(testAdmin, 'GET', '/api/newsletter/subscribers.csv'),
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers.csv"');
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe('ID,Email,Status,Confirmed,Subscribed at,Confirmed at,Unsubscribed at');
      expect(lines).toHaveLength(4);
      expect(csv.body).toContain(",'+danger@example.com,pending,no,");
      expect(csv.body).toMatch(/,one@example\.com,confirmed,yes,\S+Z,\S+Z,\r\n/);
    } finally {
      await fresh.close();
    }
  });

  it('answers 401 to visitors and 403 to members', async () => {
    for (const url of ['/api/newsletter/subscribers', '/api/newsletter/subscribers.csv']) {
      expect((await content.app.inject({ url })).statusCode, url).toBe(401);
      expect(
        (await content.app.inject({ url, headers: await identityHeaders(testUser, 'GET', url) })).statusCode,
        url,
      ).toBe(403);
    }
  });
});

describe('admin subscriber search and removal', () => {
  async function asAdmin(method: 'GET' | 'DELETE', path: string, query = '') {
    return content.app.inject({
      method,
      url: `${path}${query}`,
      headers: await identityHeaders(testAdmin, method, path),
    });
  }

  async function listed(query = '') {
    const response = await asAdmin('GET', '/api/newsletter/subscribers', query);
    expect(response.statusCode, query).toBe(200);
    return SubscriberListSchema.parse(response.json());
  }

  it('finds subscribers by part of the address (any case, % and _ as plain text) and by status', async () => {
    for (const email of [
      'seek.alpha@findme.example',
      'seek_beta@findme.example',
      'other@elsewhere.example',
    ]) {
      expect((await subscribe({ email })).statusCode, email).toBe(200);
    }
    await content.db
      .updateTable('waitlist')
      .set({ confirmedAt: new Date() })
      .where('email', '=', 'seek.alpha@findme.example')
      .execute();

    const all = await listed();
    const found = await listed('?search=FINDME.example');
    expect(found.subscribers.map((s) => s.email).sort()).toEqual([
      'seek.alpha@findme.example',
      'seek_beta@findme.example',
    ]);
    // The counts are the whole list's, whatever the filter.
    expect(found.counts).toEqual(all.counts);
    expect((await listed('?search=seek_')).subscribers.map((s) => s.email)).toEqual([
      'seek_beta@findme.example',
    ]);
    expect((await listed('?search=%25')).subscribers).toEqual([]);
    expect(
      (await listed('?search=findme&status=confirmed')).subscribers.map((s) => [s.email, s.status]),
    ).toEqual([['seek.alpha@findme.example', 'confirmed']]);
    expect((await listed('?search=findme&status=pending')).subscribers.map((s) => s.email)).toEqual([
      'seek_beta@findme.example',
    ]);
    expect((await listed('?status=unsubscribed')).subscribers.every((s) => s.status === 'unsubscribed')).toBe(
      true,
    );
    // A blank search is no search.
    expect((await listed('?search=%20%20')).subscribers).toHaveLength(all.subscribers.length);
  });

  it('pages the matches on the server, newest first, each once, with how many match', async () => {
    const start = Date.now();
    await content.db
      .insertInto('waitlist')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          email: `paged${String(i).padStart(2, '0')}@pages.example`,
          createdAt: new Date(start - i * 1000),
        })),
      )
      .execute();
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => listed(`?search=@pages.example&page=${page}&pageSize=25`)),
    );
    expect(pages.map((page) => page.subscribers.length)).toEqual([25, 25, 10, 0]);
    expect(pages.map((page) => [page.matching, page.page, page.pageSize])).toEqual([
      [60, 1, 25],
      [60, 2, 25],
      [60, 3, 25],
      [60, 4, 25],
    ]);
    const emails = pages.flatMap((page) => page.subscribers.map((s) => s.email));
    expect(emails).toEqual(
      Array.from({ length: 60 }, (_, i) => `paged${String(i).padStart(2, '0')}@pages.example`),
    );
    // 25 a page unless asked; never more than 100.
    expect((await listed('?search=@pages.example')).subscribers).toHaveLength(25);
    expect((await asAdmin('GET', '/api/newsletter/subscribers', '?pageSize=101')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/newsletter/subscribers', '?page=0')).statusCode).toBe(400);
  });

  it('refuses an unknown status (400)', async () => {
    const response = await asAdmin('GET', '/api/newsletter/subscribers', '?status=everyone');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('removes a subscriber for good: gone from the list and the counts; 404 the second time', async () => {
    expect((await subscribe({ email: 'remove.me@example.com' })).statusCode).toBe(200);
    const before = await listed();
    const target = (await listed('?search=remove.me@')).subscribers[0];
    if (!target) throw new Error('subscriber not listed');

    const response = await asAdmin('DELETE', `/api/newsletter/subscribers/${target.id}`);
    expect(response.statusCode).toBe(200);
    expect(RemovedSubscriberSchema.parse(response.json())).toEqual({
      message: 'remove.me@example.com has been removed from the newsletter.',
      email: 'remove.me@example.com',
    });
    expect(await subscriber('remove.me@example.com')).toBeUndefined();
    const after = await listed();
    expect(after.counts.total).toBe(before.counts.total - 1);
    expect(after.counts.pending).toBe(before.counts.pending - 1);

    const again = await asAdmin('DELETE', `/api/newsletter/subscribers/${target.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Subscriber not found', code: 'not_found' });

    // Subscribing again starts afresh.
    expect((await subscribe({ email: 'remove.me@example.com' })).statusCode).toBe(200);
    expect(await subscriber('remove.me@example.com')).toMatchObject({ confirmedAt: null });
  });

  it('answers 401 to visitors and 403 to members, removing nothing', async () => {
    expect((await subscribe({ email: 'kept@example.com' })).statusCode).toBe(200);
    const kept = await subscriber('kept@example.com');
    if (!kept) throw new Error('not stored');
    const url = `/api/newsletter/subscribers/${kept.id}`;
    expect((await content.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect(
      (
        await content.app.inject({
          method: 'DELETE',
          url,
          headers: await identityHeaders(testUser, 'DELETE', url),
        })
      ).statusCode,
    ).toBe(403);
    const search = '/api/newsletter/subscribers';
    expect((await content.app.inject({ url: `${search}?search=kept` })).statusCode).toBe(401);
    expect(
      (
        await content.app.inject({
          url: `${search}?search=kept`,
          headers: await identityHeaders(testUser, 'GET', search),
        })
      ).statusCode,
    ).toBe(403);
    expect(await subscriber('kept@example.com')).toBeDefined();
  });
});

describe('the welcome e-mail over SMTP', () => {
  it('goes out through SMTP_URL with the List-Unsubscribe headers, after the answer, via the queue', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const smtp = await startTestService(service, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_ORIGIN: 'https://walks.example',
    });
    try {
      const response = await smtp.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        payload: { email: 'smtp@example.com' },
      });
      expect(response.statusCode).toBe(200);
      // The answer does not wait on SMTP: the queue's worker sends it after the commit.
      expect(await outboxFor(smtp.db, 'smtp@example.com')).toMatchObject([{ transport: 'smtp' }]);
      expect(received).toHaveLength(1);
      const raw = received[0]?.replace(/\r\n[ \t]+/g, ' ') ?? '';
      expect(raw).toMatch(
        /^List-Unsubscribe: <https:\/\/walks\.example\/api\/newsletter\/one-click-unsubscribe\?token=/m,
      );
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(raw).toContain('Subject: Welcome to Jesus News: please confirm your subscription');
    } finally {
      await smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
