import { MAIL_QUEUE } from '@jesus-walks/service-kit/mailer';
import { jobsOf, queuedMailFor, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { identityHeaders, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { DEVICE_COOKIE_NAME, deviceCookieKeys, signDeviceCookie } from '../sessions/device-cookie';

/**
 * Password guessing spread over many addresses (OWASP "Slow Down Online Guessing Attacks with
 * Device Cookies"): past 10 failures at an account from browsers that never logged in to it, such
 * browsers are refused for 15 minutes and the owner is e-mailed once; the owner's own browser,
 * holding the account's device cookie, still logs in. Every request comes through the gateway's
 * signed x-identity, which carries the client's address.
 */
let identity: TestService<Env, IdentityDatabase>;

beforeAll(async () => {
  identity = await startTestService(service);
});
afterAll(async () => {
  await identity.close();
});

const locked = {
  message:
    'Too many failed logins to this account. Please wait 15 minutes and try again, or log in from a browser you have logged in with before.',
  code: 'rate_limited',
};
const invalid = { message: 'Invalid username or password', code: 'unauthorized' };

let counter = 0;
function uniqueName(prefix: string) {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

/** A fresh address for each request of an attacker spreading their guesses. */
let addressCounter = 0;
function nextAddress() {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE_NAME);
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return cookie.value;
}

/** A login as the gateway forwards it: from `address`, with the browser's device cookie if any. */
async function login(username: string, password: string, address: string, device?: string) {
  return identity.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    headers: {
      ...(await identityHeaders(null, 'POST', '/api/auth/login', address)),
      ...(device === undefined ? {} : { cookie: `${DEVICE_COOKIE_NAME}=${device}` }),
    },
  });
}

/** An account, and the device cookie of the browser its owner logged in with. */
async function owner() {
  const username = uniqueName('pilgrim');
  const account = { username, email: `${username}@example.com`, password: 'trail-secret' };
  const registered = await identity.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: account,
    headers: await identityHeaders(null, 'POST', '/api/users', nextAddress()),
  });
  expect(registered.statusCode).toBe(201);
  const home = '198.51.100.80';
  const loggedIn = await login(username, account.password, home);
  expect(loggedIn.statusCode).toBe(200);
  return { ...account, id: registered.json().id as number, device: deviceCookieOf(loggedIn), home };
}

/** Wrong passwords for the account, each from an address of its own; answers their statuses. */
async function spreadGuesses(username: string, times: number) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++)
    statuses.push((await login(username, `guess-${i}`, nextAddress())).statusCode);
  return statuses;
}

const mailsTo = async (email: string) =>
  (await queuedMailFor(identity.db, email)).filter((mail) => mail.subject.includes('trying to log in'));

describe('guessing from many addresses (device cookies)', () => {
  it('refuses browsers without the device cookie past 10 failures, still lets the owner in, and e-mails them once', async () => {
    const victim = await owner();
    const statuses = await spreadGuesses(victim.username, 30);
    expect(statuses).toEqual([...Array(11).fill(401), ...Array(19).fill(429)]);
    // The answer a person sees on the login page.
    const refused = await login(victim.username, 'guess-31', nextAddress());
    expect(refused.json()).toEqual(locked);
    // Even with the right password, a browser that never logged in is refused, from anywhere.
    const rightPassword = await login(victim.username, victim.password, nextAddress());
    expect(rightPassword.statusCode).toBe(429);
    expect(rightPassword.json()).toEqual(locked);
    expect((await login(victim.username, victim.password, victim.home)).statusCode).toBe(429);

    // The owner's browser gets in, at home or from an address an attacker used.
    const fromHome = await login(victim.username, victim.password, victim.home, victim.device);
    expect(fromHome.statusCode).toBe(200);
    expect(fromHome.json().user).toMatchObject({ id: victim.id, username: victim.username });
    const travelling = await login(victim.username, victim.password, '10.0.0.1', deviceCookieOf(fromHome));
    expect(travelling.statusCode).toBe(200);

    // One e-mail for the lockout, not one per refused attempt, queued and sent.
    const [mail, ...more] = await mailsTo(victim.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Someone is trying to log in to your Jesus Walks account');
    expect(mail?.text).toContain(`Hello ${victim.username},`);
    expect(mail?.text).toContain('more\nthan 10 times');
    expect(mail?.text).toContain('http://localhost:3000/forgot-password');
    expect(mail?.text).not.toMatch(/guess-/);
    await waitForJobs(identity.db);
    expect(await mailsTo(victim.email)).toMatchObject([{ state: 'completed', transport: 'log' }]);
  });

  it("does not trust another account's device cookie, a forged, tampered, foreign or expired one", async () => {
    const victim = await owner();
    const other = await owner();
    await spreadGuesses(victim.username, 11);
    const keys = deviceCookieKeys([identity.env.SESSION_SECRET]);
    const [version, , nonce, issuedAt, mac] = other.device.split('.');
    const untrusted = {
      "another account's": other.device,
      'moved to the victim': [version, victim.id, nonce, issuedAt, mac].join('.'),
      tampered: `${victim.device.slice(0, -2)}${victim.device.endsWith('AA') ? 'BB' : 'AA'}`,
      'signed with another key': signDeviceCookie(
        deviceCookieKeys(['not-the-session-secret-0123456789abcdef']),
        victim.id,
      ),
      'signed with the session secret itself': signDeviceCookie([identity.env.SESSION_SECRET], victim.id),
      expired: signDeviceCookie(keys, victim.id, new Date(Date.now() - 366 * 86_400_000)),
      garbage: 'v1.not-a-cookie',
    };
    for (const [kind, device] of Object.entries(untrusted)) {
      const response = await login(victim.username, victim.password, victim.home, device);
      expect(response.statusCode, kind).toBe(429);
      expect(response.json(), kind).toEqual(locked);
    }
    // The other account's owner is not affected by the victim's lockout.
    expect((await login(other.username, other.password, nextAddress(), other.device)).statusCode).toBe(200);
    // A cookie the service signs itself, for the victim, is trusted: the checks above refused the
    // others for what they are, not for anything else in the request.
    expect(
      (await login(victim.username, victim.password, victim.home, signDeviceCookie(keys, victim.id)))
        .statusCode,
    ).toBe(200);
    expect((await login(victim.username, victim.password, victim.home, victim.device)).statusCode).toBe(200);
  });

  it("counts the owner's browser's failures against its own cookie, never the pool of unknown browsers", async () => {
    const victim = await owner();
    for (let i = 0; i < 11; i++) {
      const response = await login(victim.username, `typo-${i}`, victim.home, victim.device);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(invalid);
    }
    // That cookie has had its guesses; it is refused for the window (stolen, it buys 11 guesses).
    const twelfth = await login(victim.username, victim.password, victim.home, victim.device);
    expect(twelfth.statusCode).toBe(429);
    expect(twelfth.json()).toEqual({
      message: 'Too many attempts. Please wait 15 minutes and try again.',
      code: 'rate_limited',
    });
    // Nothing counted against the account as such: no lockout, no e-mail, and the home address
    // has all its guesses.
    const fromAnotherBrowser = await login(victim.username, victim.password, victim.home);
    expect(fromAnotherBrowser.statusCode).toBe(200);
    expect(await mailsTo(victim.email)).toEqual([]);
    // The fresh cookie of that login is a browser of its own.
    expect(
      (await login(victim.username, victim.password, victim.home, deviceCookieOf(fromAnotherBrowser)))
        .statusCode,
    ).toBe(200);
  });

  it('e-mails once per lockout: a new lockout after the last one ended sends another', async () => {
    const victim = await owner();
    await spreadGuesses(victim.username, 20);
    expect(await mailsTo(victim.email)).toHaveLength(1);

    // 15 minutes later: the lockout has ended and the failures have left the window.
    await identity.db
      .updateTable('loginLockouts')
      .set({ lockedUntil: sql<Date>`now() - interval '1 second'` })
      .where('accountKey', '=', `user:${victim.id}`)
      .execute();
    await identity.db
      .updateTable('rateLimitHits')
      .set({ createdAt: sql<Date>`created_at - interval '16 minutes'` })
      .where('key', 'like', `user:${victim.id}\n%`)
      .execute();
    expect((await login(victim.username, victim.password, nextAddress())).statusCode).toBe(200);

    expect(await spreadGuesses(victim.username, 15)).toEqual([...Array(11).fill(401), ...Array(4).fill(429)]);
    expect(await mailsTo(victim.email)).toHaveLength(2);
  });

  it('starts one lockout, with one e-mail, when the guesses arrive all at once', async () => {
    const victim = await owner();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(victim.username, `burst-${i}`, nextAddress())),
    );
    // Those checked before the lockout started failed; none got in.
    expect(responses.every((response) => [401, 429].includes(response.statusCode))).toBe(true);
    expect(responses.filter((response) => response.statusCode === 401).length).toBeGreaterThanOrEqual(11);
    expect((await login(victim.username, victim.password, nextAddress())).json()).toEqual(locked);
    expect(await mailsTo(victim.email)).toHaveLength(1);
  });

  it('locks out a name without an account exactly like an account, and e-mails nobody', async () => {
    const victim = await owner();
    const nobody = uniqueName('nobody');
    const known = await spreadGuesses(victim.username, 13);
    const mailJobs = (await jobsOf(identity.db, MAIL_QUEUE)).length;
    const unknown = await spreadGuesses(nobody, 13);
    expect(unknown).toEqual(known);
    expect(await jobsOf(identity.db, MAIL_QUEUE)).toHaveLength(mailJobs);
    const [knownAnswer, unknownAnswer] = [
      await login(victim.username, 'x', nextAddress()),
      await login(nobody, 'x', nextAddress()),
    ];
    expect(unknownAnswer.json()).toEqual(knownAnswer.json());
    const lockouts = await identity.db.selectFrom('loginLockouts').select('accountKey').execute();
    expect(lockouts.map((row) => row.accountKey).join()).not.toContain(nobody);
  });

  it('gives a browser its device cookie at registration and login: httpOnly, SameSite=Lax, a year, kept at logout', async () => {
    const username = uniqueName('newcomer');
    const registered = await identity.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username, email: `${username}@example.com`, password: 'trail-secret' },
    });
    const atRegistration = registered.cookies.find((cookie) => cookie.name === DEVICE_COOKIE_NAME);
    expect(atRegistration).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 365 * 86_400,
    });
    // PUBLIC_ORIGIN is http here: not Secure (auth.integration-test checks https).
    expect(atRegistration?.secure).toBeFalsy();
    expect(atRegistration?.value).toMatch(new RegExp(`^v1\\.${registered.json().id}\\.`));

    const loggedIn = await login(username, 'trail-secret', nextAddress());
    const sid = loggedIn.cookies.find((cookie) => cookie.name === 'sid');
    const logout = await identity.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `sid=${sid?.value}; ${DEVICE_COOKIE_NAME}=${deviceCookieOf(loggedIn)}` },
    });
    expect(logout.cookies.map((cookie) => cookie.name)).not.toContain(DEVICE_COOKIE_NAME);
  });
});
