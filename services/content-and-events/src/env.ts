import { defaultPorts } from '@jesus-walks/contracts/services';
import {
  type EnvSource,
  optionalUrl,
  parseEnv,
  portSchema,
  serviceEnvSchema,
} from '@jesus-walks/service-kit/env';
import { mailEnvShape } from '@jesus-walks/service-kit/mailer';
import { linkSigningEnvShape } from '@jesus-walks/service-kit/signed-links';
import { z } from 'zod';

/** A count a limit allows: a whole number from 1. */
const limitSchema = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const envSchema = serviceEnvSchema.extend({
  PORT: portSchema(defaultPorts['content-and-events']),
  /** Identity's base URL: members' e-mail addresses for confirmations and the admin lists. */
  IDENTITY_URL: optionalUrl,
  ...mailEnvShape,
  /** Signs the links in its e-mails (linkSigningKeys). */
  ...linkSigningEnvShape,
  /**
   * Limits per client (429 beyond), counted in this service's database so every replica shares
   * them. Guests count per client address (an IPv6 client per /64): enough for a family or a small
   * group to register together on one connection, not for one client to take every seat and
   * waitlist place of an event. Members count per account.
   */
  GUEST_REGISTRATIONS_PER_ADDRESS_PER_HOUR: limitSchema(10),
  GUEST_REGISTRATIONS_PER_EVENT_PER_ADDRESS_PER_DAY: limitSchema(5),
  MEMBER_REGISTRATIONS_PER_HOUR: limitSchema(30),
  /** Each sign-up may send a confirmation e-mail to an address of the caller's choosing. */
  NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR: limitSchema(5),
  NEWSLETTER_SIGNUPS_PER_MEMBER_PER_HOUR: limitSchema(10),
  /**
   * A paid walk's checkout holds its seat while the payer pays: long enough to type a card, short
   * enough that an abandoned one gives the seat back soon (the browser also releases it when it
   * leaves).
   */
  SEAT_HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(10),
  /**
   * Seats (people) one client (a browser's address, or a member from any address) may hold at once
   * in open checkouts: of one walk (a party of up to PARTY_MAX_SIZE pays in one checkout), and over
   * all walks. 429 beyond.
   */
  SEAT_HOLDS_PER_EVENT_PER_CLIENT: limitSchema(8),
  SEAT_HOLDS_PER_CLIENT: limitSchema(12),
});

export type Env = z.infer<typeof envSchema>;

/** The only place this service reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return parseEnv(envSchema, source);
}
