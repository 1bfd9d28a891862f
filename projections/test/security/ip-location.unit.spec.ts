/**
 * Where an address is (login history and the audit log): loopback and private ranges are "Local network", public
 * addresses get their country from the offline database of @ip-location-db/geo-whois-asn-country (IPv4, IPv6 and
 * IPv4-mapped IPv6), anything else is "Unknown". No network is used.
 */
import { describe, expect, it } from 'vitest';
import { LOCAL_NETWORK, UNKNOWN_LOCATION, countryCodeOf, countryName, isLocalAddress, locationOf } from '../../src/security/ip-location.ts';

describe('ip location', () => {
  it('loopback, private, link-local and carrier-grade NAT addresses are the local network', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.10', '169.254.1.1', '100.64.0.1', '::1', 'fd12:3456::1', 'fe80::1', '::ffff:192.168.0.2']) {
      expect(isLocalAddress(ip), ip).toBe(true);
      expect(locationOf(ip), ip).toBe(LOCAL_NETWORK);
      expect(countryCodeOf(ip), ip).toBeNull();
    }
    for (const ip of ['172.32.0.1', '8.8.8.8', '2001:4860:4860::8888']) expect(isLocalAddress(ip), ip).toBe(false);
  });

  it('public addresses get their registered country, by IPv4 and IPv6', () => {
    expect(countryCodeOf('8.8.8.8')).toBe('US');
    expect(locationOf('8.8.8.8')).toBe('United States');
    expect(countryCodeOf('1.1.1.1')).toBe('AU');
    expect(countryCodeOf('2001:4860:4860::8888')).toBe('US');
    expect(countryCodeOf('2a01:e0a::1')).toBe('FR');
    expect(locationOf('2a01:e0a::1')).toBe('France');
    expect(countryCodeOf('::ffff:8.8.8.8')).toBe('US');
  });

  it('no address, not an address, a documentation or reserved address, or one in no range: Unknown', () => {
    for (const ip of [null, '', 'not-an-ip', '999.1.1.1', '240.0.0.1', '192.0.2.1', '198.51.100.7', '203.0.113.10', '198.18.0.1', '2001:db8::1']) {
      expect(locationOf(ip), String(ip)).toBe(UNKNOWN_LOCATION);
    }
  });

  it('names a country in English, or keeps the code when it has no name', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('ZZ')).toBe('ZZ');
  });
});
