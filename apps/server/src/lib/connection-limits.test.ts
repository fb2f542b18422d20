import { describe, expect, it } from 'vitest';
import { clientAddressKey as clientKey } from './client-address.js';
import { defaultMaxConnections } from './connection-limits.js';

describe('connection limits', () => {
  it('counts an IPv4 address as itself and an IPv6 client by its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves file handles for the database and the files below the open-file limit', () => {
    expect(defaultMaxConnections(10, 20_000)).toBe(19_734);
    expect(defaultMaxConnections(10, 1_024)).toBe(758);
    expect(defaultMaxConnections(10, 200)).toBe(16);
    expect(defaultMaxConnections(10, undefined)).toBeUndefined();
  });
});
