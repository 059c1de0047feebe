/**
 * The versions of Byline's terms of service (docs/product.md §Terms). Each is kept for good, so
 * the version a person acknowledged can always be named; the newest is the one in force and the
 * one /terms shows. A `material` version changes what people agreed to (their rights, what they
 * pay, what we may do with their content), so everyone who acknowledged an older one is asked
 * again; a version that only corrects or clarifies is not.
 */
export interface TermsVersion {
  /** Stable id, stored with each acknowledgement. */
  id: string;
  /** The day it took effect (ISO date). */
  effective: string;
  /** Whether people who acknowledged an older version must acknowledge this one. */
  material: boolean;
  /** What changed, in a sentence, for the dialog that asks again. */
  summary: string;
}

/** Oldest first; append a version, never edit one that took effect. */
export const TERMS_VERSIONS: readonly TermsVersion[] = [
  {
    id: '2026-11-21',
    effective: '2026-11-21',
    material: true,
    summary: 'The first terms, acknowledged at sign-up before the full text was published.',
  },
  {
    id: '2026-11-30',
    effective: '2026-11-30',
    material: true,
    summary: 'The full terms of service: accounts, content and credits, consent to be credited, acceptable use, paid plans and refunds, termination and liability.',
  },
];

export const CURRENT_TERMS: TermsVersion = TERMS_VERSIONS[TERMS_VERSIONS.length - 1]!;

export function isKnownTermsVersion(id: string): boolean {
  return TERMS_VERSIONS.some((version) => version.id === id);
}

/**
 * docs/product.md §Terms: someone who has acknowledged some version must acknowledge again when a
 * material version came after it. Someone who never acknowledged is finishing sign-up instead
 * (§Access), which asks on its own page, so this is false for them. An acknowledgement recorded
 * before versions were kept (`version` null) counts as the first version; an id this history does
 * not know counts as older than all of it.
 */
export function termsAcknowledgementNeeded(acknowledged: { at: Date | null; version: string | null }, versions: readonly TermsVersion[] = TERMS_VERSIONS): boolean {
  if (acknowledged.at === null) return false;
  const index = acknowledged.version === null ? 0 : versions.findIndex((version) => version.id === acknowledged.version);
  const newer = index === -1 ? versions : versions.slice(index + 1);
  return newer.some((version) => version.material);
}

/** A version's date ('2026-11-30') as people read it: 30 November 2026, whatever the time zone. */
export function formatTermsDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
