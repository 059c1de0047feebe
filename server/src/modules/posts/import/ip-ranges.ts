/**
 * Which IP addresses a user-given URL may not reach (SSRF): anything that is not a public
 * unicast address. Written out by hand rather than with net.BlockList because IPv6 forms
 * that embed an IPv4 address (::ffff:127.0.0.1 and friends) must be judged by that address.
 */
import { isIPv4, isIPv6 } from 'node:net';

type Cidr = readonly [prefix: string, bits: number];

/** RFC 6890 special-purpose IPv4 blocks, plus multicast and the reserved 240/4. */
const NON_PUBLIC_IPV4: readonly Cidr[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services live
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including 255.255.255.255
];

const NON_PUBLIC_IPV6: readonly Cidr[] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form: nothing public
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
];

/** IPv6 prefixes whose last or middle bytes carry an IPv4 address that decides instead. */
const IPV4_MAPPED: Cidr = ['::ffff:0:0', 96];
const NAT64: Cidr = ['64:ff9b::', 96];
const SIX_TO_FOUR: Cidr = ['2002::', 16];

/** True for loopback, private, link-local, CGNAT, multicast, reserved and unparseable addresses. */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(bare)) return isNonPublicIpv4(ipv4Bytes(bare));
  // A zone id (fe80::1%eth0) only ever goes with link-local addresses.
  if (bare.includes('%')) return true;
  if (isIPv6(bare)) return isNonPublicIpv6(ipv6Bytes(bare));
  return true;
}

/** True when `host` (a URL hostname) is written as an IP address rather than a name. */
export function isIpLiteral(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return isIPv4(bare) || isIPv6(bare);
}

function isNonPublicIpv4(bytes: readonly number[]): boolean {
  return NON_PUBLIC_IPV4.some(([prefix, bits]) => startsWith(bytes, ipv4Bytes(prefix), bits));
}

function isNonPublicIpv6(bytes: readonly number[]): boolean {
  if (inRange(bytes, IPV4_MAPPED) || inRange(bytes, NAT64)) return isNonPublicIpv4(bytes.slice(12, 16));
  if (inRange(bytes, SIX_TO_FOUR)) return isNonPublicIpv4(bytes.slice(2, 6));
  return NON_PUBLIC_IPV6.some((range) => inRange(bytes, range));
}

function inRange(bytes: readonly number[], [prefix, bits]: Cidr): boolean {
  return startsWith(bytes, ipv6Bytes(prefix), bits);
}

function startsWith(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const remaining = Math.min(8, bits - bit);
    const mask = (0xff << (8 - remaining)) & 0xff;
    const index = bit / 8;
    if (((bytes[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** 16 bytes of a valid IPv6 address (checked by isIPv6 first), including a dotted IPv4 tail. */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted !== undefined) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(dotted);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : new Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}
