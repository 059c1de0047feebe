import { describe, expect, it } from 'vitest';
import { isIpLiteral, isNonPublicAddress } from './ip-ranges.js';

describe('isNonPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::1',
    '[::1]',
    '::',
    'fe80::1',
    'febf::1',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    '2002:7f00:1::1',
    'fe80::1%eth0',
    'not-an-address',
    // Ranges the hand-written list let through:
    '64:ff9b:1::a00:1', // local-use NAT64 (RFC 8215)
    '64:ff9b:1::808:808', // …whatever it wraps
    '2001::1', // Teredo
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '192.88.99.1', // 6to4 relay anycast
    '2002:c058:6301::1', // 6to4 wrapping the relay anycast
    '::7f00:1', // IPv4-compatible loopback
    '2001:db8::1',
    '3fff::1', // documentation (RFC 9637)
    '100::1', // discard
    '::ffff:0:7f00:1', // IPv4-translated (RFC 6145)
    // Spellings a resolver never returns are not addresses we recognise.
    '2130706433',
    '0x7f.1',
  ])('refuses %s', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '169.253.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });
});

describe('isIpLiteral', () => {
  it('tells addresses from names', () => {
    expect(isIpLiteral('10.0.0.1')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('localhost')).toBe(false);
    expect(isIpLiteral('www.tiktok.com')).toBe(false);
  });
});
