/**
 * Which IP addresses a user-given URL may not reach (SSRF): anything that is not a public
 * unicast address. ipaddr.js names the special-purpose ranges; we allow only its `unicast`,
 * and judge the forms that carry an IPv4 address (::ffff:a.b.c.d, NAT64, 6to4) by that address.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Ranges refused whatever ipaddr.js calls them: it names the deprecated IPv4-compatible block
 * `unicast`, and the local-use NAT64 prefix `rfc6052` like the well-known one (whose embedded
 * IPv4 address we judge); Teredo and the 6to4 relay anycast are listed so their refusal does
 * not depend on how a later ipaddr.js version names them.
 */
const ALWAYS_REFUSED: ReadonlyArray<[Address, number]> = [
  '::/96', // IPv4-compatible (deprecated), unspecified and loopback: nothing public
  '64:ff9b:1::/48', // RFC 8215 local-use NAT64: translates into whatever network the operator runs
  '2001::/32', // Teredo: tunnels to an address we cannot judge
  '192.88.99.0/24', // deprecated 6to4 relay anycast (RFC 7526)
].map((cidr) => ipaddr.parseCIDR(cidr));

/** The well-known NAT64 prefix: the last 32 bits are an ordinary IPv4 address. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/** True for loopback, private, link-local, CGNAT, multicast, reserved and unparseable addresses. */
export function isNonPublicAddress(address: string): boolean {
  const parsed = parseStrict(address);
  return parsed === null || !isPublic(parsed);
}

/** True when `host` (a URL hostname) is written as an IP address rather than a name. */
export function isIpLiteral(host: string): boolean {
  return isIP(unbracket(host)) !== 0;
}

function isPublic(address: Address): boolean {
  if (ALWAYS_REFUSED.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits))) return false;
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const ipv6 = address as ipaddr.IPv6;
  // A zone id (fe80::1%eth0) names a local interface: never a public destination.
  if (ipv6.zoneId !== undefined) return false;
  const range = ipv6.range();
  if (range === 'ipv4Mapped') return isPublic(ipv6.toIPv4Address());
  if (range === 'rfc6052' && ipv6.match(NAT64_WELL_KNOWN)) return isPublic(embeddedIpv4(ipv6, 12));
  if (range === '6to4') return isPublic(embeddedIpv4(ipv6, 2));
  return range === 'unicast';
}

function embeddedIpv4(address: ipaddr.IPv6, offset: number): ipaddr.IPv4 {
  return new ipaddr.IPv4(address.toByteArray().slice(offset, offset + 4));
}

/**
 * Only the standard spellings: Node's isIP refuses what ipaddr.js would also accept
 * ("2130706433", "0x7f.1"), which a resolver never returns and a URL parser has already
 * normalised, so anything else is not an address we recognise.
 */
function parseStrict(address: string): Address | null {
  const bare = unbracket(address);
  const [withoutZone = ''] = bare.split('%');
  if (isIP(withoutZone) === 0) return null;
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
