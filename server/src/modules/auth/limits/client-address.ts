import { ipKeyGenerator } from 'express-rate-limit';

/**
 * An IPv6 subscriber is handed a whole /64 (often more) and may use any address in it, so
 * counting per address would give one caller 2^64 fresh allowances. A /64 counts as one caller
 * (the general request and GraphQL budget limiters use express-rate-limit's wider default, /56);
 * IPv4 addresses (mapped ones too) stay whole.
 */
const IPV6_PREFIX_LENGTH = 64;

/** The key a caller's auth attempts are counted under: its IPv4 address or its IPv6 /64. */
export function callerKey(ip: string | undefined): string {
  return ip ? ipKeyGenerator(ip, IPV6_PREFIX_LENGTH) : 'unknown';
}
