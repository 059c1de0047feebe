import { describe, expect, it } from 'vitest';
import { CURRENT_TERMS, TERMS_VERSIONS, formatTermsDate, isKnownTermsVersion, termsAcknowledgementNeeded, type TermsVersion } from './terms.js';

const history: TermsVersion[] = [
  { id: 'v1', effective: '2026-01-01', material: true, summary: 'first' },
  { id: 'v2', effective: '2026-02-01', material: false, summary: 'typo fixes' },
  { id: 'v3', effective: '2026-03-01', material: true, summary: 'new refund rules' },
  { id: 'v4', effective: '2026-04-01', material: false, summary: 'clearer wording' },
];
const at = new Date('2026-01-05T00:00:00Z');

describe('termsAcknowledgementNeeded', () => {
  it('asks again only when a material version came after the one acknowledged', () => {
    expect(termsAcknowledgementNeeded({ at, version: 'v1' }, history)).toBe(true);
    expect(termsAcknowledgementNeeded({ at, version: 'v2' }, history)).toBe(true);
    expect(termsAcknowledgementNeeded({ at, version: 'v3' }, history)).toBe(false);
    expect(termsAcknowledgementNeeded({ at, version: 'v4' }, history)).toBe(false);
  });

  it('does not ask here someone who never acknowledged: finishing sign-up asks them', () => {
    expect(termsAcknowledgementNeeded({ at: null, version: null }, history)).toBe(false);
  });

  it('counts an acknowledgement from before versions were kept as the first version, and an unknown id as older than all', () => {
    expect(termsAcknowledgementNeeded({ at, version: null }, history)).toBe(true);
    expect(termsAcknowledgementNeeded({ at, version: null }, history.slice(0, 2))).toBe(false);
    expect(termsAcknowledgementNeeded({ at, version: 'v0' }, history.slice(0, 2))).toBe(true);
  });
});

describe('the terms history', () => {
  it('is in date order with unique ids, and the current version is the newest', () => {
    const ids = TERMS_VERSIONS.map((version) => version.id);
    expect(new Set(ids).size).toBe(ids.length);
    const dates = TERMS_VERSIONS.map((version) => version.effective);
    expect([...dates].sort()).toEqual(dates);
    expect(CURRENT_TERMS).toBe(TERMS_VERSIONS[TERMS_VERSIONS.length - 1]);
    expect(isKnownTermsVersion(CURRENT_TERMS.id)).toBe(true);
    expect(isKnownTermsVersion('1999-01-01')).toBe(false);
  });

  it('never asks someone who acknowledged the current version', () => {
    expect(termsAcknowledgementNeeded({ at, version: CURRENT_TERMS.id })).toBe(false);
  });
});

describe('formatTermsDate', () => {
  it('reads the day as written, whatever the time zone', () => {
    expect(formatTermsDate('2026-11-30')).toBe('30 November 2026');
  });
});
