import { describe, expect, it } from 'vitest';
import { AVAILABILITY_ROLE_IDS, openToWorkText } from './availability.js';
import { creditRoleByName } from './credit-roles.js';

describe('availability', () => {
  it('offers every credit role but Brand', () => {
    expect(AVAILABILITY_ROLE_IDS).not.toContain(creditRoleByName('Brand')!.id);
    expect(AVAILABILITY_ROLE_IDS).toContain(creditRoleByName('Photographer')!.id);
  });

  it('names the first day only while it is still to come', () => {
    expect(openToWorkText(null, '2026-11-30')).toBe('Open to work');
    expect(openToWorkText('2026-11-30', '2026-11-30')).toBe('Open to work');
    expect(openToWorkText('2027-03-01', '2026-11-30')).toBe('Open to work from 1 March 2027');
  });
});
