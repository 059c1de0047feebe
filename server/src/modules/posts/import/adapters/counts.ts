/** Numbers as networks print them ("1,234", "12K", "1.5M") and the stats they make up. */
import type { ScrapedStats } from '../scraped-post.js';

const MULTIPLIERS: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, b: 1e9 };

/** "1,234" → 1234, "1.2K" → 1200, "3M" → 3000000; null for anything else. */
export function parseCount(text: string): number | null {
  const match = /^([\d.,]+)\s*([kmb])?$/i.exec(text.trim());
  if (!match?.[1]) return null;
  const suffix = match[2]?.toLowerCase();
  if (suffix !== undefined) {
    const value = Number.parseFloat(match[1].replace(/,/g, ''));
    return Number.isFinite(value) ? Math.round(value * (MULTIPLIERS[suffix] ?? 1)) : null;
  }
  // Without a suffix, commas and dots can only be thousands separators ("1,234" or "1.234").
  const digits = match[1].replace(/[.,]/g, '');
  return digits === '' ? null : Number(digits);
}

/** The first "<count> <word>" in text, e.g. countBefore('1,234 likes, 5 comments', /likes?/). */
export function countBefore(text: string, word: RegExp): number | null {
  const match = new RegExp(String.raw`([\d][\d.,]*\s*[KMB]?)\s+(?:${word.source})\b`, 'i').exec(text);
  return match?.[1] === undefined ? null : parseCount(match[1]);
}

/** Stats, or null when the source said nothing at all (so "unknown" is never stored as zeros). */
export function statsOrNull(stats: ScrapedStats): ScrapedStats | null {
  return Object.values(stats).every((value) => value === null) ? null : stats;
}

export const NO_STATS: ScrapedStats = { views: null, likes: null, comments: null, shares: null };
