/**
 * Limits per client (env) high enough for tests that register or subscribe many times from one
 * address, as every test's requests come from one. The limits themselves are tested in
 * client-limits.integration-test.ts.
 */
export const generousClientLimits: Record<string, string> = {
  GUEST_REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
  GUEST_REGISTRATIONS_PER_EVENT_PER_ADDRESS_PER_DAY: '100000',
  MEMBER_REGISTRATIONS_PER_HOUR: '100000',
  NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
  NEWSLETTER_SIGNUPS_PER_MEMBER_PER_HOUR: '100000',
};
