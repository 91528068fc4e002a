import type { AddressInfo } from 'node:net';
import { type AuditEntry, AuditLogPageSchema } from '@jesus-walks/contracts/audit';
import type { Identity } from '@jesus-walks/contracts/common';
import {
  ContactFormTokenSchema,
  ContactMessagePageSchema,
  ContactMessageResultSchema,
  contactRoutes,
} from '@jesus-walks/contracts/contact';
import { linkSigningKeys } from '@jesus-walks/service-kit/signed-links';
import { jobsOf } from '@jesus-walks/test-kit/jobs';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
  testAdmin,
  testSecrets,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { closedPort, outboxFor } from '../../testing/helpers';
import {
  CONTACT_ADDRESS_LIMIT_MESSAGE,
  CONTACT_EMAIL_LIMIT_MESSAGE,
  CONTACT_FORM_EXPIRED_MESSAGE,
  CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR,
  CONTACT_MESSAGES_PER_EMAIL_PER_HOUR,
  CONTACT_SENT_MESSAGE,
} from './contact.service';
import { contactFormKeys, signContactFormToken } from './contact-form-token';
import { CONTACT_NOTICES_QUEUE } from './contact-notices';

/** Identity's list of admins, played by a tiny server. */
async function startFakeAdmins(admins: Array<{ id: number; username: string; email: string }>) {
  const app = Fastify();
  let calls = 0;
  app.get('/internal/users/admins', async (request, reply) => {
    if (request.headers['x-internal-token'] !== testSecrets.INTERNAL_TOKEN) {
      return reply.code(401).send({ message: 'no token', code: 'unauthorized' });
    }
    calls += 1;
    return admins;
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls: () => calls, close: () => app.close() };
}

let content: TestService<Env, ContentAndEventsDatabase>;
let identity: Awaited<ReturnType<typeof startFakeAdmins>>;
let keys: string[];

const admins = [
  { id: 7001, username: 'deborah', email: 'deborah@walks.example' },
  { id: 7002, username: 'barnabas', email: 'barnabas@walks.example' },
];

beforeAll(async () => {
  identity = await startFakeAdmins(admins);
  content = await startTestService(service, {
    IDENTITY_URL: identity.url,
    PUBLIC_ORIGIN: 'https://walks.example',
  });
  keys = contactFormKeys(linkSigningKeys(content.env));
});
afterAll(async () => {
  await content.close();
  await identity.close();
});

/** Every test writes from an address of its own: the limits per address stay out of each other's way. */
let addressCounter = 0;
const nextAddress = () => `203.0.113.${++addressCounter}`;

/** A form token as the page got it `secondsAgo` before sending. */
const tokenFrom = (secondsAgo: number) =>
  signContactFormToken(keys, new Date(Date.now() - secondsAgo * 1000));

function form(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Lydia of Thyatira',
    email: 'lydia@example.com',
    subject: 'Walking with a stroller',
    message: 'Hello! Are the vineyard walks suitable for a stroller? We would love to come along.',
    formToken: tokenFrom(30),
    ...overrides,
  };
}

async function send(payload: unknown, options: { address?: string; who?: Identity | null } = {}) {
  const url = contactRoutes.send.path;
  return content.app.inject({
    method: 'POST',
    url,
    headers: await identityHeaders(options.who ?? null, 'POST', url, options.address ?? nextAddress()),
    payload: payload as object,
  });
}

async function as(who: Identity | null, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown) {
  return content.app.inject({
    method,
    url,
    headers: await identityHeaders(who, method, url),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function messagesFrom(email: string) {
  return content.db.selectFrom('contactMessages').selectAll().where('email', '=', email).execute();
}

async function list(query = '') {
  const response = await as(testAdmin, 'GET', `/api/admin/messages${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ContactMessagePageSchema.parse(response.json());
}

async function recordOf(id: number): Promise<AuditEntry[]> {
  const response = await content.app.inject({
    url: `/internal/audit-log/content-and-events?targetType=message&targetId=${id}`,
    headers: internalHeader,
  });
  expect(response.statusCode).toBe(200);
  return AuditLogPageSchema.pick({ entries: true }).parse(response.json()).entries;
}

describe('GET /api/contact/form-token', () => {
  it('answers a fresh signed time, never kept by a cache', async () => {
    const response = await content.app.inject({ method: 'GET', url: contactRoutes.formToken.path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token, minSeconds } = ContactFormTokenSchema.parse(response.json());
    expect(minSeconds).toBe(3);
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
  });
});

describe('POST /api/contact', () => {
  it('keeps the message, e-mails every admin with Reply-To the sender, and acknowledges it', async () => {
    const response = await send(form({ name: '  Lydia  ', email: ' Lydia@Example.COM ' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: CONTACT_SENT_MESSAGE });

    const [row] = await messagesFrom('lydia@example.com');
    expect(row).toMatchObject({
      name: 'Lydia',
      subject: 'Walking with a stroller',
      status: 'open',
      userId: null,
      doneAt: null,
    });

    for (const admin of admins) {
      const [mail] = await outboxFor(content.db, admin.email);
      expect(mail?.subject).toBe('Contact form: Walking with a stroller');
      expect(mail?.headers['Reply-To']).toBe('lydia@example.com');
      expect(mail?.text).toContain('Lydia (lydia@example.com) wrote through the contact form:');
      expect(mail?.text).toContain('Are the vineyard walks suitable for a stroller?');
      expect(mail?.text).toContain('https://walks.example/admin?tab=messages');
    }
    const [ack] = await outboxFor(content.db, 'lydia@example.com');
    expect(ack?.subject).toBe('We received your message');
    expect(ack?.text).toContain('we usually answer within two days');
    expect(ack?.text).toContain('https://walks.example/contact');
    // The acknowledgement repeats nothing the sender wrote: it could be anyone's address.
    expect(ack?.text).not.toContain('stroller');
    expect(ack?.text).not.toContain('Lydia');
  });

  it("keeps a logged-in member's account with the message", async () => {
    const response = await send(form({ email: 'member.writes@example.com' }), { who: testUser });
    expect(response.statusCode).toBe(201);
    const [row] = await messagesFrom('member.writes@example.com');
    expect(row?.userId).toBe(testUser.id);
  });

  it('checks every field with a clear message (400)', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '   ' }, 'name', 'Please enter your name'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name cannot exceed 100 characters'],
      [{ name: 'Two\nlines' }, 'name', 'Name must be on one line'],
      [{ email: 'not-an-address' }, 'email', 'Please enter a valid email address'],
      [{ email: '' }, 'email', 'Please enter a valid email address'],
      [{ subject: '' }, 'subject', 'Please enter a subject'],
      [{ subject: 's'.repeat(151) }, 'subject', 'Subject cannot exceed 150 characters'],
      [{ message: '' }, 'message', 'Please write your message'],
      [{ message: 'Hi' }, 'message', 'Please write at least 10 characters'],
      [{ message: 'm'.repeat(5001) }, 'message', 'Message cannot exceed 5000 characters'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await send(form(overrides));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().issues, field).toContainEqual({ path: ['body', field], message });
    }
    expect((await send({})).statusCode).toBe(400);
    expect(await messagesFrom('lydia@example.com')).toHaveLength(1);
  });

  it('accepts the longest fields', async () => {
    const response = await send(
      form({
        email: 'long@example.com',
        name: 'n'.repeat(100),
        subject: 's'.repeat(150),
        message: 'm'.repeat(5000),
      }),
    );
    expect(response.statusCode).toBe(201);
  });

  it('answers a bot that fills the honeypot like anyone, and keeps and sends nothing', async () => {
    const response = await send(form({ email: 'honeypot@example.com', website: 'http://spam.example' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: CONTACT_SENT_MESSAGE });
    expect(await messagesFrom('honeypot@example.com')).toEqual([]);
    expect(await outboxFor(content.db, 'honeypot@example.com')).toEqual([]);
  });

  it('answers a form sent too soon after it was shown, or without a signed token, and keeps nothing', async () => {
    for (const formToken of [
      tokenFrom(0),
      tokenFrom(1),
      undefined,
      'forged.token',
      `${Math.floor(Date.now() / 1000) - 60}.${'A'.repeat(43)}`,
    ]) {
      const response = await send(form({ email: 'hasty@example.com', formToken }));
      expect(response.statusCode, String(formToken)).toBe(201);
      expect(response.json()).toEqual({ message: CONTACT_SENT_MESSAGE });
    }
    expect(await messagesFrom('hasty@example.com')).toEqual([]);
    expect(await outboxFor(content.db, 'hasty@example.com')).toEqual([]);
  });

  it('asks to send again a form open for more than a day (422)', async () => {
    const response = await send(form({ email: 'slow@example.com', formToken: tokenFrom(25 * 60 * 60) }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: CONTACT_FORM_EXPIRED_MESSAGE, code: 'business_rule' });
    expect(await messagesFrom('slow@example.com')).toEqual([]);
  });

  it('limits messages per client address (429), bots included', async () => {
    const address = nextAddress();
    for (let i = 0; i < CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR - 1; i++) {
      expect((await send(form({ email: `busy${i}@example.com` }), { address })).statusCode).toBe(201);
    }
    // A bot's attempt counts against its address too.
    expect((await send(form({ email: 'busy.bot@example.com', website: 'x' }), { address })).statusCode).toBe(
      201,
    );
    const limited = await send(form({ email: 'busy.more@example.com' }), { address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: CONTACT_ADDRESS_LIMIT_MESSAGE, code: 'rate_limited' });
    expect(await messagesFrom('busy.more@example.com')).toEqual([]);
    // Another address is not affected.
    expect((await send(form({ email: 'busy.more@example.com' }))).statusCode).toBe(201);
  });

  it('limits messages per e-mail address from any client (429)', async () => {
    for (let i = 0; i < CONTACT_MESSAGES_PER_EMAIL_PER_HOUR; i++) {
      expect((await send(form({ email: 'Eager@example.com' }))).statusCode).toBe(201);
    }
    const limited = await send(form({ email: 'eager@example.com' }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: CONTACT_EMAIL_LIMIT_MESSAGE, code: 'rate_limited' });
    expect(await messagesFrom('eager@example.com')).toHaveLength(CONTACT_MESSAGES_PER_EMAIL_PER_HOUR);
  });

  it("keeps the message when identity is down; the admins' notice waits for a retry", async () => {
    const down = await startTestService(service, { IDENTITY_URL: `http://127.0.0.1:${await closedPort()}` });
    try {
      const url = contactRoutes.send.path;
      const response = await down.app.inject({
        method: 'POST',
        url,
        headers: await identityHeaders(null, 'POST', url, '198.51.100.7'),
        payload: form({
          email: 'patient@example.com',
          formToken: signContactFormToken(
            contactFormKeys(linkSigningKeys(down.env)),
            new Date(Date.now() - 30_000),
          ),
        }),
      });
      expect(response.statusCode).toBe(201);
      expect(await down.db.selectFrom('contactMessages').select('id').execute()).toHaveLength(1);
      await expect
        .poll(async () => (await jobsOf(down.db, CONTACT_NOTICES_QUEUE))[0]?.state, { timeout: 10_000 })
        .toBe('retry');
    } finally {
      await down.close();
    }
  });
});

describe('the Messages tab', () => {
  const admin = testAdmin;
  let first: number;
  let second: number;

  beforeAll(async () => {
    for (const [name, subject] of [
      ['anna', 'Question about the Silverado walk'],
      ['simeon', 'Group of twelve'],
    ] as const) {
      expect((await send(form({ email: `${name}@tab.example`, subject, name }))).statusCode).toBe(201);
    }
    const rows = await content.db
      .selectFrom('contactMessages')
      .select(['id', 'email'])
      .where('email', 'like', '%@tab.example')
      .orderBy('id')
      .execute();
    first = rows[0]?.id ?? 0;
    second = rows[1]?.id ?? 0;
  });

  it('refuses anyone but an admin (401, 403)', async () => {
    expect((await as(null, 'GET', '/api/admin/messages')).statusCode).toBe(401);
    expect((await as(testUser, 'GET', '/api/admin/messages')).statusCode).toBe(403);
    expect((await as(testUser, 'PATCH', `/api/admin/messages/${first}`, { status: 'done' })).statusCode).toBe(
      403,
    );
    expect(
      (await as(testUser, 'POST', `/api/admin/messages/${first}/reply`, { text: 'Hi' })).statusCode,
    ).toBe(403);
    expect((await as(null, 'POST', `/api/admin/messages/${first}/reply`, { text: 'Hi' })).statusCode).toBe(
      401,
    );
  });

  it('lists messages newest first, paged, searched and filtered, with the counts', async () => {
    const page = await list('?search=tab.example');
    expect(page.items.map((item) => item.id)).toEqual([second, first]);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      email: 'simeon@tab.example',
      subject: 'Group of twelve',
      status: 'open',
      replies: [],
    });

    const paged = await list('?search=TAB.example&pageSize=1&page=2');
    expect(paged.items.map((item) => item.id)).toEqual([first]);
    expect(paged.total).toBe(2);

    expect((await list('?search=silverado')).items.map((item) => item.id)).toEqual([first]);
    expect((await list('?search=100%25')).items).toEqual([]);
    expect((await as(admin, 'GET', '/api/admin/messages?status=closed')).statusCode).toBe(400);
  });

  it('marks a message done and opens it again, each recorded in the activity record', async () => {
    const before = await list();
    const done = await as(admin, 'PATCH', `/api/admin/messages/${first}`, { status: 'done' });
    expect(done.statusCode).toBe(200);
    const result = ContactMessageResultSchema.parse(done.json());
    expect(result.message).toBe('The message is marked as done.');
    expect(result.contactMessage).toMatchObject({ id: first, status: 'done', doneBy: admin.username });
    expect(result.contactMessage.doneAt).not.toBeNull();

    const after = await list();
    expect(after.counts).toEqual({ open: before.counts.open - 1, done: before.counts.done + 1 });
    expect((await list('?status=done&search=tab.example')).items.map((item) => item.id)).toEqual([first]);
    expect((await list('?status=open&search=tab.example')).items.map((item) => item.id)).toEqual([second]);

    // The same status again changes nothing and records nothing.
    const again = await as(admin, 'PATCH', `/api/admin/messages/${first}`, { status: 'done' });
    expect(again.json().message).toBe('This message is already done.');

    const reopened = await as(admin, 'PATCH', `/api/admin/messages/${first}`, { status: 'open' });
    expect(ContactMessageResultSchema.parse(reopened.json()).contactMessage).toMatchObject({
      status: 'open',
      doneAt: null,
      doneBy: null,
    });

    const record = await recordOf(first);
    expect(record.map((entry) => entry.action)).toEqual(['message.reopened', 'message.marked_done']);
    expect(record[1]).toMatchObject({
      actor: { id: admin.id, username: admin.username },
      target: { type: 'message', id: String(first), label: 'Question about the Silverado walk' },
      summary: "Marked the message 'Question about the Silverado walk' from anna as done.",
      changes: { status: { from: 'open', to: 'done' } },
    });
  });

  it('sends a reply to the sender from the group, keeps it with the admin and time, and records it', async () => {
    const response = await as(admin, 'POST', `/api/admin/messages/${second}/reply`, {
      text: '  Twelve is wonderful: we will keep places for you.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = ContactMessageResultSchema.parse(response.json());
    expect(result.message).toBe('Your reply has been sent to simeon@tab.example.');
    expect(result.contactMessage.replies).toEqual([
      {
        id: expect.any(Number),
        text: 'Twelve is wonderful: we will keep places for you.',
        admin: { id: admin.id, username: admin.username },
        sentAt: expect.any(String),
      },
    ]);
    // The message stays open until an admin marks it done.
    expect(result.contactMessage.status).toBe('open');

    const mails = await outboxFor(content.db, 'simeon@tab.example');
    const reply = mails.at(-1);
    expect(reply?.subject).toBe('Re: Group of twelve');
    expect(reply?.text).toContain('Hello simeon,');
    expect(reply?.text).toContain('Twelve is wonderful: we will keep places for you.');
    expect(reply?.text).toContain('> Hello! Are the vineyard walks suitable for a stroller?');
    expect(reply?.headers['Reply-To']).toBeUndefined();

    const listed = (await list('?search=simeon')).items[0];
    expect(listed?.replies).toHaveLength(1);

    const [entry] = await recordOf(second);
    expect(entry).toMatchObject({
      action: 'message.replied',
      actor: { id: admin.id, username: admin.username },
      summary: "Replied to the message 'Group of twelve' from simeon (simeon@tab.example).",
    });
  });

  it('checks the reply and answers 404 for an unknown message', async () => {
    const empty = await as(admin, 'POST', `/api/admin/messages/${second}/reply`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toContainEqual({
      path: ['body', 'text'],
      message: 'Please write your reply',
    });
    expect((await as(admin, 'POST', '/api/admin/messages/999999/reply', { text: 'Hello' })).statusCode).toBe(
      404,
    );
    expect((await as(admin, 'PATCH', '/api/admin/messages/999999', { status: 'done' })).statusCode).toBe(404);
    expect(
      (await as(admin, 'PATCH', `/api/admin/messages/${second}`, { status: 'archived' })).statusCode,
    ).toBe(400);
  });
});
