import { newsletterRoutes } from '@jesus-walks/contracts/newsletter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  isValidNewsletterEmail,
  newsletterFormSchema,
  SUBSCRIBED_TOAST_DESCRIPTION,
  subscribeNewsletter,
  toSubscribeBody,
} from './subscribe-newsletter';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('isValidNewsletterEmail', () => {
  it("needs a non-empty value containing '@'", () => {
    expect(isValidNewsletterEmail('ruth@example.com')).toBe(true);
    expect(isValidNewsletterEmail('  ruth@example.com ')).toBe(true);
    expect(isValidNewsletterEmail('')).toBe(false);
    expect(isValidNewsletterEmail('   ')).toBe(false);
    expect(isValidNewsletterEmail('ruth.example.com')).toBe(false);
  });
});

describe('newsletterFormSchema', () => {
  it("refuses an e-mail without '@' with the spec's text", () => {
    for (const email of ['', '   ', 'walker.example.com']) {
      const result = newsletterFormSchema.safeParse({ email, website: '' });
      expect(result.error?.issues[0]?.message, email).toBe('Please enter a valid email address.');
    }
  });

  it('trims the e-mail and keeps its case (the server lowercases it)', () => {
    expect(newsletterFormSchema.parse({ email: '  Walker@Example.com ', website: '' })).toEqual({
      email: 'Walker@Example.com',
      website: '',
    });
  });

  it('sends the honeypot only when something filled it in', () => {
    expect(toSubscribeBody({ email: 'a@b', website: '' })).toEqual({ email: 'a@b' });
    expect(toSubscribeBody({ email: 'a@b', website: 'x' })).toEqual({ email: 'a@b', website: 'x' });
  });
});

describe('subscribeNewsletter', () => {
  it('posts {email} to the subscribe route', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ message: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    await subscribeNewsletter({ email: 'ruth@example.com' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(newsletterRoutes.subscribe.path);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"ruth@example.com"}');
  });

  it('sends the honeypot field only when something filled it in', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ message: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    await subscribeNewsletter({ email: 'bot@example.com', website: 'http://spam.example' });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(
      '{"email":"bot@example.com","website":"http://spam.example"}',
    );
  });

  it("keeps the server's message of a failure", async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ message: 'Already subscribed', code: 'conflict' }, { status: 409 }),
    );
    const error = await subscribeNewsletter({ email: 'a@b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe('Already subscribed');
  });

  it("throws 'Subscription failed' when there is no server message", async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 500 }));
    await expect(subscribeNewsletter({ email: 'a@b' })).rejects.toThrow('Subscription failed');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(subscribeNewsletter({ email: 'a@b' })).rejects.toThrow('Subscription failed');
  });
});

describe('the success toast', () => {
  it("keeps SPEC.md's words and says the confirmation e-mail is on its way", () => {
    expect(
      SUBSCRIBED_TOAST_DESCRIPTION.startsWith("You've been subscribed to get the latest on walks and merch."),
    ).toBe(true);
    expect(SUBSCRIBED_TOAST_DESCRIPTION).toContain('A confirmation e-mail is on its way');
  });
});
