import type { AuditEntry, AuditLogPage } from '@jesus-walks/contracts/audit';
import type { Identity } from '@jesus-walks/contracts/common';
import { createLinkSigner, linkSigningKeys } from '@jesus-walks/service-kit/signed-links';
import { queuedMailFor } from '@jesus-walks/test-kit/jobs';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
} from '@jesus-walks/test-kit/test-service';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { hashResetToken } from '../auth/auth.service';
import { hashPassword } from '../passwords/password-hasher';

/**
 * A member's e-mail address (issue 23): verified by a link, changed only once a link sent to the
 * new address is followed (the old address told), with the password, the limits and the refusals
 * a person expects.
 */
let identity: TestService<Env, IdentityDatabase>;
let passwordHash: string;
const PASSWORD = 'trail-secret';
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  identity = await startTestService(service);
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => identity.close());

let counter = 0;
function uniqueName(prefix: string) {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

interface Member extends Identity {
  email: string;
}

/** A member who can log in with PASSWORD (stored directly: registration has its own test). */
async function member(options: { verified?: boolean } = {}): Promise<Member> {
  const username = uniqueName('walker');
  const row = await identity.db
    .insertInto('users')
    .values({
      username,
      email: `${username}@example.com`,
      password: passwordHash,
      isVerified: options.verified ?? false,
    })
    .returning(['id', 'username', 'email'])
    .executeTakeFirstOrThrow();
  return { ...row, isAdmin: false };
}

async function as(
  caller: Identity | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  address = '127.0.0.1',
) {
  return identity.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: await identityHeaders(caller, method, url, address),
  });
}

const changeEmail = (caller: Identity, email: string, currentPassword = PASSWORD, address?: string) =>
  as(caller, 'POST', '/api/account/email', { email, currentPassword }, address);

const askVerification = (caller: Identity) => as(caller, 'POST', '/api/account/email/verification');

/** Following a link, as its page does: no session, no identity. */
const confirm = (token: string) =>
  identity.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });

async function account(caller: Identity) {
  const response = await as(caller, 'GET', '/api/account');
  expect(response.statusCode).toBe(200);
  return response.json();
}

const mailsTo = async (email: string, subject?: string) =>
  (await queuedMailFor(identity.db, email)).filter(
    (mail) => subject === undefined || mail.subject === subject,
  );

const CONFIRM_SUBJECT = 'Please confirm your e-mail address';
const NEW_ADDRESS_SUBJECT = 'Confirm your new e-mail address for Jesus Walks';
const REQUESTED_SUBJECT = 'A new e-mail address was asked for your Jesus Walks account';
const CHANGED_SUBJECT = 'The e-mail address of your Jesus Walks account was changed';
const LINK = /http:\/\/localhost:3000\/account\/confirm-email\?token=([^\s&]+)/;

/** The token of the newest confirmation link queued for an address. */
async function newestToken(email: string): Promise<string> {
  const mails = (await mailsTo(email)).filter((mail) => LINK.test(mail.text));
  const text = mails.at(-1)?.text ?? '';
  const token = LINK.exec(text)?.[1];
  if (!token) throw new Error(`no confirmation link for ${email}`);
  return decodeURIComponent(token);
}

const invalidLink = { message: 'This confirmation link is not valid or has expired.', code: 'bad_request' };
const emailTaken = {
  message: 'An account with that email already exists. Try logging in or resetting your password.',
  code: 'conflict',
};

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

describe('verifying the e-mail address', () => {
  it('registration queues the link to the new member, in its transaction, and the link verifies', async () => {
    const username = uniqueName('newcomer');
    const email = `${username}@example.com`;
    const registered = await identity.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username, email, password: PASSWORD },
      remoteAddress: '198.18.0.1',
    });
    expectStatus(registered, 201);
    const [mail, ...others] = await mailsTo(email);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ to: email, subject: CONFIRM_SUBJECT });
    expect(mail?.text).toMatch(new RegExp(`^Hello ${username},`));
    expect(mail?.text).toContain('Welcome to Jesus Walks!');
    expect(mail?.text).toContain(`${ORIGIN}/account`);
    expect(mail?.text).toMatch(/Blessings on the trail,\nJesus Walks$/);

    const caller = { id: registered.json().id, username, isAdmin: false };
    expect(await account(caller)).toMatchObject({ email, emailVerified: false, pendingEmail: null });
    const confirmed = await confirm(await newestToken(email));
    expectStatus(confirmed, 200);
    expect(confirmed.json()).toEqual({ email, message: 'Thank you! Your e-mail address is confirmed.' });
    expect(await account(caller)).toMatchObject({ email, emailVerified: true });
    // The same link again: no error, nothing more to do.
    expect((await confirm(await newestToken(email))).json()).toEqual({
      email,
      message: 'Your e-mail address is already confirmed.',
    });
  });

  it('a refused registration queues nothing', async () => {
    const taken = await member();
    const refused = await identity.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username: taken.username, email: 'someone-new@example.com', password: PASSWORD },
      remoteAddress: '198.18.0.2',
    });
    expectStatus(refused, 409);
    expect(await mailsTo('someone-new@example.com')).toEqual([]);
  });

  it('an admin adding a user sends no link (they did not sign up themselves)', async () => {
    const email = `${uniqueName('added')}@example.com`;
    const admin = { id: (await member()).id, username: 'admin-like', isAdmin: true };
    const created = await as(admin, 'POST', '/api/users', {
      username: uniqueName('added'),
      email,
      password: PASSWORD,
    });
    expectStatus(created, 201);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('sends a new link on request while the address is not verified, then refuses', async () => {
    const walker = await member();
    const sent = await askVerification(walker);
    expectStatus(sent, 202);
    expect(sent.json()).toEqual({
      message: `We have sent a link to ${walker.email}. Please open it within 24 hours to confirm your e-mail address.`,
    });
    const [mail] = await mailsTo(walker.email, CONFIRM_SUBJECT);
    expect(mail?.text).not.toContain('Welcome');
    expect((await confirm(await newestToken(walker.email))).statusCode).toBe(200);

    const again = await askVerification(walker);
    expectStatus(again, 400);
    expect(again.json()).toEqual({
      message: 'Your e-mail address is already verified.',
      code: 'bad_request',
    });
  });

  it('limits links on request to 5 an hour per account, with a clear 429', async () => {
    const walker = await member();
    for (let i = 0; i < 5; i++) expectStatus(await askVerification(walker), 202);
    const sixth = await askVerification(walker);
    expectStatus(sixth, 429);
    expect(sixth.json()).toEqual({
      message: 'You have asked for too many confirmation links. Please wait an hour and try again.',
      code: 'rate_limited',
    });
    expect(await mailsTo(walker.email, CONFIRM_SUBJECT)).toHaveLength(5);
  });

  it('is for logged-in members only', async () => {
    expectStatus(await as(null, 'POST', '/api/account/email/verification'), 401);
    expectStatus(
      await as(null, 'POST', '/api/account/email', { email: 'x@example.com', currentPassword: 'x' }),
      401,
    );
  });
});

describe('changing the e-mail address', () => {
  it('stores the new address as pending and queues the link to it and a notice to the old one, together', async () => {
    const walker = await member({ verified: true });
    const newEmail = `${uniqueName('moved')}@example.com`;
    const asked = await changeEmail(walker, newEmail.toUpperCase());
    expectStatus(asked, 202);
    expect(asked.json()).toEqual({
      message: `We have sent a link to ${newEmail}. Please open it within 24 hours to confirm your new e-mail address; until then, your e-mail address stays ${walker.email}.`,
    });
    expect(await account(walker)).toMatchObject({
      email: walker.email,
      emailVerified: true,
      pendingEmail: newEmail,
    });

    const [linkMail, ...moreToNew] = await mailsTo(newEmail);
    expect(moreToNew).toEqual([]);
    expect(linkMail).toMatchObject({ to: newEmail, subject: NEW_ADDRESS_SUBJECT });
    expect(linkMail?.text).toMatch(LINK);
    expect(linkMail?.text).toContain(`Hello ${walker.username},`);
    expect(linkMail?.text).toContain(walker.email);

    const [notice, ...moreToOld] = await mailsTo(walker.email);
    expect(moreToOld).toEqual([]);
    expect(notice).toMatchObject({ to: walker.email, subject: REQUESTED_SUBJECT });
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).toContain(`${ORIGIN}/forgot-password`);
    expect(notice?.text).not.toMatch(LINK);
    expect(notice?.text).toMatch(/Blessings on the trail,\nJesus Walks$/);
    // Both in the request's one transaction: queued at the same instant.
    expect(notice?.createdAt.getTime()).toBe(linkMail?.createdAt.getTime());
  });

  it('takes effect when the link is followed, without a session: verified, the old address told, sessions kept', async () => {
    const walker = await member();
    const login = await identity.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: walker.username, password: PASSWORD },
    });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;
    const newEmail = `${uniqueName('moved')}@example.com`;
    expectStatus(await changeEmail(walker, newEmail), 202);

    const confirmed = await confirm(await newestToken(newEmail));
    expectStatus(confirmed, 200);
    expect(confirmed.json()).toEqual({
      email: newEmail,
      message: `Thank you! Your e-mail address is now ${newEmail}.`,
    });
    expect(await account(walker)).toMatchObject({ email: newEmail, emailVerified: true, pendingEmail: null });

    const [changed] = await mailsTo(walker.email, CHANGED_SUBJECT);
    expect(changed?.to).toBe(walker.email);
    expect(changed?.text).toContain(`is now ${newEmail}`);
    expect(changed?.text).toContain('reply to this e-mail');
    expect(await mailsTo(newEmail, CHANGED_SUBJECT)).toEqual([]);

    // The session goes on; the new address logs in, the old one no longer does.
    const resolved = await identity.app.inject({
      url: '/internal/sessions/resolve',
      headers: { cookie, ...internalHeader },
    });
    expect(resolved.json().identity).toMatchObject({ id: walker.id });
    const loginWith = (username: string) =>
      identity.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: PASSWORD },
      });
    expectStatus(await loginWith(newEmail), 200);
    expectStatus(await loginWith(walker.email), 401);

    // The link again: the address is the account's and verified; nothing more is sent.
    const again = await confirm(await newestToken(newEmail));
    expect(again.json()).toEqual({ email: newEmail, message: 'Your e-mail address is already confirmed.' });
    expect(await mailsTo(walker.email, CHANGED_SUBJECT)).toHaveLength(1);
    // The old address was not verified: it is not kept as one of the member's (privacy).
    expect(await previousEmails(walker.id)).toEqual([]);
    const another = `${uniqueName('moved-again')}@example.com`;
    expectStatus(await changeEmail(walker, another, PASSWORD, '198.51.100.23'), 202);
    expectStatus(await confirm(await newestToken(another)), 200);
    expect(await previousEmails(walker.id)).toEqual([newEmail]);
  });

  it('records the change in the activity record, by the member, with the addresses', async () => {
    const walker = await member();
    const newEmail = `${uniqueName('recorded')}@example.com`;
    await changeEmail(walker, newEmail);
    await confirm(await newestToken(newEmail));
    const admin = { id: walker.id, username: walker.username, isAdmin: true };
    const url = `/api/admin/audit-log?service=identity&targetType=user&targetId=${walker.id}`;
    const response = await as(admin, 'GET', url);
    const entries = (response.json() as AuditLogPage).entries;
    expect(entries).toEqual([
      expect.objectContaining<Partial<AuditEntry>>({
        action: 'user.email_changed',
        actor: { id: walker.id, username: walker.username },
        target: { type: 'user', id: String(walker.id), label: walker.username },
        summary: `${walker.username} changed their e-mail address`,
        changes: { email: { from: walker.email, to: newEmail } },
      }),
    ]);
  });

  it('a newer request replaces the pending one: the older link stops working', async () => {
    const walker = await member();
    const first = `${uniqueName('first')}@example.com`;
    const second = `${uniqueName('second')}@example.com`;
    await changeEmail(walker, first);
    const firstToken = await newestToken(first);
    await changeEmail(walker, second);
    expect(await account(walker)).toMatchObject({ pendingEmail: second });
    expect((await confirm(firstToken)).json()).toEqual(invalidLink);

    // The same address asked for again: only the newest link confirms it.
    const secondToken = await newestToken(second);
    await changeEmail(walker, second);
    const thirdToken = await newestToken(second);
    expect(thirdToken).not.toBe(secondToken);
    expectStatus(await confirm(secondToken), 400);
    expectStatus(await confirm(thirdToken), 200);
    expect(await account(walker)).toMatchObject({ email: second, pendingEmail: null });
    expect((await confirm(firstToken)).json()).toEqual(invalidLink);
  });

  it('a pending change keeps the link that verifies the current address working', async () => {
    const walker = await member();
    await askVerification(walker);
    const verifyToken = await newestToken(walker.email);
    await changeEmail(walker, `${uniqueName('later')}@example.com`);
    expect((await confirm(verifyToken)).json()).toEqual({
      email: walker.email,
      message: 'Thank you! Your e-mail address is confirmed.',
    });
    expect(await account(walker)).toMatchObject({ email: walker.email, emailVerified: true });
  });

  it('a link confirms for the account it was sent for, whoever opens it, and for no other', async () => {
    const [ann, ben] = [await member(), await member()];
    const annsNew = `${uniqueName('ann')}@example.com`;
    await changeEmail(ann, annsNew);
    const token = await newestToken(annsNew);

    // Opened in Ben's logged-in browser: Ann's address changes, Ben's does not.
    const opened = await identity.app.inject({
      method: 'POST',
      url: '/api/account/email/confirm',
      payload: { token },
      headers: await identityHeaders(ben, 'POST', '/api/account/email/confirm'),
    });
    expectStatus(opened, 200);
    expect(await account(ann)).toMatchObject({ email: annsNew });
    expect(await account(ben)).toMatchObject({ email: ben.email, pendingEmail: null });

    // Ben's own link, its id moved to Ann's: refused.
    const bensNew = `${uniqueName('ben')}@example.com`;
    await changeEmail(ben, bensNew);
    const bensToken = await newestToken(bensNew);
    const [bensId, issuedAt, mac] = bensToken.split('.');
    const annsId = token.split('.')[0];
    expect(annsId).not.toBe(bensId);
    expect((await confirm(`${annsId}.${issuedAt}.${mac}`)).json()).toEqual(invalidLink);
    expect(await account(ben)).toMatchObject({ email: ben.email, pendingEmail: bensNew });
  });

  it('refuses forged, other-purpose and expired links, and a row past its 24 hours', async () => {
    const walker = await member();
    const newEmail = `${uniqueName('expiring')}@example.com`;
    await changeEmail(walker, newEmail);
    const token = await newestToken(newEmail);
    const [id] = token.split('.');
    const signer = createLinkSigner(linkSigningKeys(identity.env));
    const dayAgo = new Date(Date.now() - 24 * 3_600_000 - 60_000);
    for (const bad of [
      'garbage',
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      signer.sign('newsletter-confirm', Number(id)),
      signer.sign('email-confirm', Number(id), dayAgo),
      createLinkSigner('another-key-0123456789abcdef0123456789').sign('email-confirm', Number(id)),
    ]) {
      const response = await confirm(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json(), bad).toEqual(invalidLink);
    }
    const empty = await confirm('');
    expectStatus(empty, 400);
    expect(empty.json().issues[0].message).toBe(invalidLink.message);

    // A freshly signed token for a row older than the links' lifetime: refused too.
    await identity.db
      .updateTable('emailConfirmations')
      .set({ createdAt: sql<Date>`now() - interval '25 hours'` })
      .where('id', '=', Number(id))
      .execute();
    expect((await confirm(signer.sign('email-confirm', Number(id)))).json()).toEqual(invalidLink);
    expect((await confirm(token)).json()).toEqual(invalidLink);
    expect(await account(walker)).toMatchObject({ email: walker.email, pendingEmail: newEmail });
  });

  it('refuses the current address (400) and an address another account has (409), and sends nothing', async () => {
    const [walker, other] = [await member(), await member()];
    const same = await changeEmail(walker, walker.email.toUpperCase());
    expectStatus(same, 400);
    expect(same.json()).toEqual({ message: 'This is already your e-mail address.', code: 'bad_request' });
    const taken = await changeEmail(walker, other.email);
    expectStatus(taken, 409);
    expect(taken.json()).toEqual(emailTaken);
    expect(await mailsTo(walker.email)).toEqual([]);
    expect(await mailsTo(other.email)).toEqual([]);
    expect(await account(walker)).toMatchObject({ pendingEmail: null });
  });

  it('answers 409 when the address was taken by another account before the link was followed', async () => {
    const walker = await member();
    const wanted = `${uniqueName('wanted')}@example.com`;
    await changeEmail(walker, wanted);
    await identity.db
      .insertInto('users')
      .values({ username: uniqueName('quicker'), email: wanted, password: 'not-a-real-hash' })
      .execute();
    const late = await confirm(await newestToken(wanted));
    expectStatus(late, 409);
    expect(late.json()).toEqual(emailTaken);
    expect(await account(walker)).toMatchObject({ email: walker.email });
    expect(await mailsTo(walker.email, CHANGED_SUBJECT)).toEqual([]);
  });

  it('validates the body with clear messages', async () => {
    const walker = await member();
    const invalid = await as(walker, 'POST', '/api/account/email', {
      email: 'not-an-email',
      currentPassword: '',
    });
    expectStatus(invalid, 400);
    const messages = invalid.json().issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Please enter a valid email address', 'Current password is required']),
    );
  });

  it('a wrong password answers as changing the password does, and counts with it', async () => {
    const walker = await member();
    const wanted = `${uniqueName('guess')}@example.com`;
    for (let i = 0; i < 5; i++) {
      const wrong = await changeEmail(walker, wanted, `guess-${i}`);
      expectStatus(wrong, 400);
      expect(wrong.json()).toEqual({ message: 'Current password is incorrect', code: 'bad_request' });
    }
    const tooMany = {
      message: 'Too many attempts. Please wait 15 minutes and try again.',
      code: 'rate_limited',
    };
    // Even the right password now; and changing the password shares the count.
    expect((await changeEmail(walker, wanted)).json()).toEqual(tooMany);
    const changePassword = await as(walker, 'POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'another-secret',
    });
    expect(changePassword.json()).toEqual(tooMany);
    expect(await mailsTo(wanted)).toEqual([]);
    expect(await account(walker)).toMatchObject({ pendingEmail: null });
  });

  it('limits requests to 5 an hour per account, with a clear 429', async () => {
    const walker = await member();
    for (let i = 0; i < 5; i++) {
      expectStatus(await changeEmail(walker, `${uniqueName('many')}@example.com`), 202);
    }
    const wanted = `${uniqueName('sixth')}@example.com`;
    const sixth = await changeEmail(walker, wanted);
    expectStatus(sixth, 429);
    expect(sixth.json()).toEqual({
      message:
        'You have asked to change your e-mail address too many times. Please wait an hour and try again.',
      code: 'rate_limited',
    });
    expect(await mailsTo(wanted)).toEqual([]);
    expect(await mailsTo(walker.email, REQUESTED_SUBJECT)).toHaveLength(5);
  });

  it('a new password cancels a pending change: its link stops working', async () => {
    const walker = await member();
    const wanted = `${uniqueName('intruder')}@example.com`;
    await changeEmail(walker, wanted);
    const token = await newestToken(wanted);
    const changed = await as(walker, 'POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a-brand-new-secret',
    });
    expectStatus(changed, 200);
    expect(await account(walker)).toMatchObject({ email: walker.email, pendingEmail: null });
    expect((await confirm(token)).json()).toEqual(invalidLink);
  });

  it('a password reset cancels a pending change too', async () => {
    const walker = await member();
    const wanted = `${uniqueName('intruder')}@example.com`;
    await changeEmail(walker, wanted);
    const token = await newestToken(wanted);
    const reset = 'a-reset-token-for-this-test';
    await identity.db
      .updateTable('users')
      .set({
        resetToken: hashResetToken(reset),
        resetTokenExpiry: new Date(Date.now() + 600_000),
      })
      .where('id', '=', walker.id)
      .execute();
    const response = await identity.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: reset, newPassword: 'a-brand-new-secret' },
    });
    expectStatus(response, 200);
    expect(await account(walker)).toMatchObject({ pendingEmail: null });
    expect((await confirm(token)).json()).toEqual(invalidLink);
  });
});

describe('an admin changing a user’s e-mail', () => {
  it('makes it unverified and drops the new address the user had asked for; the same address keeps it verified', async () => {
    const walker = await member({ verified: true });
    const admin = { id: (await member()).id, username: 'steward', isAdmin: true };
    await changeEmail(walker, `${uniqueName('pending')}@example.com`);
    const edit = (email: string) =>
      as(admin, 'PUT', `/api/users/${walker.id}`, { username: walker.username, email, isAdmin: false });

    expectStatus(await edit(walker.email), 200);
    expect(await account(walker)).toMatchObject({ emailVerified: true });

    const byAdmin = `${uniqueName('by-admin')}@example.com`;
    const edited = await edit(byAdmin);
    expectStatus(edited, 200);
    expect(edited.json()).toMatchObject({ email: byAdmin, isVerified: false });
    expect(await account(walker)).toMatchObject({ email: byAdmin, emailVerified: false, pendingEmail: null });
    // The verified address it replaced is kept for the member's download and erasure; the
    // unverified one the admin set, once replaced, is not (nobody proved it the member's).
    expectStatus(await edit(`${uniqueName('again')}@example.com`), 200);
    expect(await previousEmails(walker.id)).toEqual([walker.email]);
  });
});

/** The addresses an account had before, as kept for its download and erasure (privacy). */
async function previousEmails(userId: number) {
  const rows = await identity.db
    .selectFrom('previousEmails')
    .select('email')
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.email);
}
