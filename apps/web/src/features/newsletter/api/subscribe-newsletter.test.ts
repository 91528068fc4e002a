import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { isValidNewsletterEmail, subscribeNewsletter } from './subscribe-newsletter';

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

describe('subscribeNewsletter', () => {
  it('posts {email} to /api/newsletter/subscribe', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ message: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    await subscribeNewsletter({ email: 'ruth@example.com' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/newsletter/subscribe');
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
