import { describe, expect, it } from 'vitest';
import { addressLimitKey } from './client-address';

describe('addressLimitKey', () => {
  it('keeps an IPv4 address, and the IPv4 address of an IPv4-mapped IPv6 one', () => {
    expect(addressLimitKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressLimitKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressLimitKey('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts every address of one IPv6 /64 as one client, whatever the spelling', () => {
    const key = '2001:db8:85a3:1::/64';
    expect(addressLimitKey('2001:db8:85a3:1::1')).toBe(key);
    expect(addressLimitKey('2001:0db8:85a3:0001:ffff:eeee:dddd:cccc')).toBe(key);
    expect(addressLimitKey('2001:DB8:85A3:1:1234::9%eth0')).toBe(key);
    expect(addressLimitKey('2001:db8:85a3:2::1')).not.toBe(key);
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(addressLimitKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressLimitKey('')).toBe('');
    expect(addressLimitKey('not an address')).toBe('not an address');
  });
});
