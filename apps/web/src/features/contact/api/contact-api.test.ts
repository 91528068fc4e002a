import { accountRoutes } from '@jesus-walks/contracts/account';
import { contactRoutes } from '@jesus-walks/contracts/contact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { jsonResponse, stubFetch } from '@/testing/api-stubs';
import { getAccount, prefillOf } from './get-account';
import { getContactFormToken, getContactFormTokenQueryOptions } from './get-contact-form-token';
import { contactFormSchema, sendContactMessage, toContactBody } from './send-contact-message';

afterEach(() => {
  vi.unstubAllGlobals();
});

const filled = {
  name: '  Lydia ',
  email: ' Lydia@Example.com ',
  subject: 'Walking with a stroller',
  message: 'Are the vineyard walks fine for a stroller?',
  website: '',
};

describe('contactFormSchema', () => {
  it('trims the fields and lower-cases the e-mail, as the server does', () => {
    expect(contactFormSchema.parse(filled)).toEqual({
      name: 'Lydia',
      email: 'lydia@example.com',
      subject: 'Walking with a stroller',
      message: 'Are the vineyard walks fine for a stroller?',
      website: '',
    });
  });

  it("says what is wrong with each field in the server's words", () => {
    const cases: Array<[Partial<typeof filled>, string, string]> = [
      [{ name: ' ' }, 'name', 'Please enter your name'],
      [{ name: 'n'.repeat(101) }, 'name', 'Name cannot exceed 100 characters'],
      [{ email: 'lydia.example.com' }, 'email', 'Please enter a valid email address'],
      [{ subject: '' }, 'subject', 'Please enter a subject'],
      [{ subject: 's'.repeat(151) }, 'subject', 'Subject cannot exceed 150 characters'],
      [{ message: '' }, 'message', 'Please write your message'],
      [{ message: 'Too short' }, 'message', 'Please write at least 10 characters'],
      [{ message: 'm'.repeat(5001) }, 'message', 'Message cannot exceed 5000 characters'],
    ];
    for (const [overrides, field, message] of cases) {
      const issues = contactFormSchema.safeParse({ ...filled, ...overrides }).error?.issues ?? [];
      expect(issues.find((issue) => issue.path[0] === field)?.message, field).toBe(message);
    }
  });

  it('takes the longest fields', () => {
    const longest = { name: 'n'.repeat(100), subject: 's'.repeat(150), message: 'm'.repeat(5000) };
    expect(contactFormSchema.safeParse({ ...filled, ...longest }).success).toBe(true);
  });
});

describe('toContactBody', () => {
  const values = contactFormSchema.parse(filled);

  it("sends the form's signed time, and the honeypot only when something filled it in", () => {
    expect(toContactBody(values, 'signed.time')).toEqual({
      name: 'Lydia',
      email: 'lydia@example.com',
      subject: 'Walking with a stroller',
      message: 'Are the vineyard walks fine for a stroller?',
      formToken: 'signed.time',
    });
    expect(toContactBody({ ...values, website: 'http://spam.example' }, 'signed.time')).toMatchObject({
      website: 'http://spam.example',
    });
  });
});

describe('POST /api/contact', () => {
  it('posts the body and answers the server’s thanks', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ message: 'Thank you!' }, { status: 201 }));
    const body = toContactBody(contactFormSchema.parse(filled), 'signed.time');
    expect(await sendContactMessage(body)).toEqual({ message: 'Thank you!' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(contactRoutes.send.path);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });

  it("keeps the server's message and issues of a failure", async () => {
    stubFetch(() =>
      jsonResponse(
        {
          message: 'Several messages have been sent from this e-mail address in the last hour.',
          code: 'rate_limited',
        },
        { status: 429 },
      ),
    );
    const error = await sendContactMessage({ ...filled, formToken: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).serverMessage).toBe(
      'Several messages have been sent from this e-mail address in the last hour.',
    );
  });
});

describe('GET /api/contact/form-token', () => {
  it('asks for the signed time, and never keeps it for another visit', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ token: '1767225600.abc', minSeconds: 3 }));
    expect(await getContactFormToken()).toEqual({ token: '1767225600.abc', minSeconds: 3 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(contactRoutes.formToken.path);
    expect(getContactFormTokenQueryOptions()).toMatchObject({ gcTime: 0, refetchOnWindowFocus: false });
  });
});

describe('GET /api/account (the prefill)', () => {
  const account = {
    id: 4,
    username: 'lydia',
    email: 'lydia@example.com',
    emailVerified: true,
    name: 'Lydia of Thyatira',
    pendingEmail: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it("asks for the member's account", async () => {
    const fetchMock = stubFetch(() => jsonResponse(account));
    expect(await getAccount()).toEqual(account);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(accountRoutes.get.path);
  });

  it('fills in the name (the username when none was given) and the e-mail', () => {
    expect(prefillOf(account)).toEqual({ name: 'Lydia of Thyatira', email: 'lydia@example.com' });
    expect(prefillOf({ ...account, name: null })).toEqual({ name: 'lydia', email: 'lydia@example.com' });
  });
});
