import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address as this service may trust it (guards.ts: from the gateway's signed
 * x-identity, or the socket's for a direct call): the one place services read it, so where it comes
 * from changes in one line.
 */
export function clientAddressOf(request: FastifyRequest): string {
  return request.clientAddress;
}

/**
 * The key limits per client address count under. An IPv6 client usually holds a whole /64 and can
 * pick any address in it, so IPv6 addresses count by their /64 prefix; an IPv4-mapped IPv6
 * address counts as the IPv4 address it is.
 */
export function addressLimitKey(address: string): string {
  const withoutZone = address.split('%')[0] ?? address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(withoutZone);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(withoutZone)) return address;
  const groupsIn = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head = '', tail] = withoutZone.split('::');
  const headGroups = groupsIn(head);
  const tailGroups = tail === undefined ? [] : groupsIn(tail);
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
