import { describe, expect, it } from 'vitest';
import { clientIpFromSocket, rateLimitSubject } from './client-ip';

describe('clientIpFromSocket', () => {
  it('turns IPv4-mapped IPv6 back into IPv4 so each IPv4 client has its own rate-limit bucket', () => {
    expect(clientIpFromSocket('::ffff:127.0.0.14')).toBe('127.0.0.14');
    expect(clientIpFromSocket('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keeps real IPv6 and IPv4 addresses as they are', () => {
    expect(clientIpFromSocket('2001:db8::1')).toBe('2001:db8::1');
    expect(clientIpFromSocket('::1')).toBe('::1');
    expect(clientIpFromSocket('198.51.100.2')).toBe('198.51.100.2');
    expect(clientIpFromSocket(undefined)).toBe('unknown');
  });
});

describe('rateLimitSubject', () => {
  it('counts IPv4 addresses one by one and IPv6 addresses by their /64', () => {
    expect(rateLimitSubject('198.51.100.2')).toBe('198.51.100.2');
    expect(rateLimitSubject('2001:db8:0:7:1:2:3:4')).toBe('2001:db8:0:7::/64');
    expect(rateLimitSubject('2001:DB8:0:7::99')).toBe('2001:db8:0:7::/64');
    expect(rateLimitSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitSubject('2001:0db8:0000:0007:ffff::1')).toBe('2001:db8:0:7::/64');
    expect(rateLimitSubject('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitSubject(null)).toBe('unknown');
  });
});
