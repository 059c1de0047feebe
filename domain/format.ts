/** Display formatting for counts and long text (docs/product.md §Constants). */
import { ELLIPSIS, NUMBER_SUFFIXES } from './constants.js';

/**
 * Short counts: 999 → "999", 1500 → "1.5k", 1_250_000 → "1.3m", 999_950 → "1m".
 * One decimal at most and no trailing ".0". A value that rounds up to 1000 of one unit
 * moves to the next unit, so "1000k" never shows. Beyond trillions the "t" unit grows.
 * Non-finite input (NaN from a missing stat) shows as "0" rather than "NaN".
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const magnitude = Math.abs(n);
  const whole = Math.round(magnitude);
  if (whole < 1000) return withSign(n, whole, String(whole));
  for (const [index, suffix] of NUMBER_SUFFIXES.entries()) {
    // Dividing by 10^(3k-1) and rounding gives tenths of the unit exactly, avoiding 1.15*10 = 11.4999….
    const tenths = Math.round(magnitude / (1000 ** (index + 1) / 10));
    const isLastUnit = index === NUMBER_SUFFIXES.length - 1;
    if (tenths < 10_000 || isLastUnit) {
      const text = tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
      return withSign(n, tenths, `${text}${suffix}`);
    }
  }
  return String(whole);
}

/** "-0" must not appear: the sign shows only when the rounded amount is not zero. */
function withSign(original: number, roundedAmount: number, text: string): string {
  return original < 0 && roundedAmount !== 0 ? `-${text}` : text;
}

/**
 * Cuts text to at most `max` characters, ending in "…" when cut. Counts code points so an
 * emoji is never split in half, and drops spaces left before the ellipsis.
 */
export function truncate(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  if (max < 1) return '';
  return `${characters.slice(0, max - 1).join('').trimEnd()}${ELLIPSIS}`;
}
