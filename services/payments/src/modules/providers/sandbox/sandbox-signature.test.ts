import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../provider';
import { signSandboxPayload, verifySandboxSignature } from './sandbox-signature';

const secret = 'whsec_sandbox_test_0123456789abcdef0123';
const body = '{"id":"evt_1","object":"event"}';

describe('sandbox webhook signatures (Stripe-Signature scheme)', () => {
  it('signs t={seconds},v1=HMAC-SHA256(secret, t + "." + body)', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signSandboxPayload(body, secret, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('accepts its own signature within 300 s, either way', () => {
    const now = 1_700_000_000;
    verifySandboxSignature(Buffer.from(body), signSandboxPayload(body, secret, now - 300), secret, now);
    verifySandboxSignature(Buffer.from(body), signSandboxPayload(body, secret, now + 300), secret, now);
  });

  it('refuses another secret, another body, an old timestamp, a missing or malformed header', () => {
    const now = 1_700_000_000;
    const check = (raw: string, header: string | undefined) => () =>
      verifySandboxSignature(Buffer.from(raw), header, secret, now);
    expect(check(body, signSandboxPayload(body, 'another-secret-0123456789abcdef', now))).toThrow(
      WebhookSignatureError,
    );
    expect(check(`${body} `, signSandboxPayload(body, secret, now))).toThrow(/does not match/);
    expect(check(body, signSandboxPayload(body, secret, now - 301))).toThrow(/too old/);
    expect(check(body, undefined)).toThrow(/missing/);
    expect(check(body, 'v1=abc')).toThrow(/malformed/);
    expect(check(body, `t=${now},v1=zz`)).toThrow(/does not match/);
  });
});
