import { describe, expect, it } from 'vitest';
import { CREDIT_ROLES, creditRoleById, creditRoleByName, creditRoleLabel } from './credit-roles.js';

/** The seeded list, as written in the migration. */
const SEEDED = [
  [1, 'Director', '🎬'],
  [2, 'Photographer', '📷'],
  [3, 'Editor', '✂️'],
  [4, 'Producer', '🎞️'],
  [5, 'Cinematographer', '🎥'],
  [6, 'Creative Director', '💡'],
  [7, 'Art Director', '🎨'],
  [8, 'Writer', '✍️'],
  [9, 'Talent', '⭐'],
  [10, 'Stylist', '👗'],
  [11, 'Makeup Artist', '💄'],
  [12, 'Animator', '🧩'],
  [13, 'Sound Designer', '🎧'],
  [14, 'Composer', '🎵'],
  [15, 'Colorist', '🌈'],
  [16, 'Creator', '🙋'],
  [17, 'Brand', '🏷️'],
] as const;

describe('CREDIT_ROLES', () => {
  it('is the seeded list, in order', () => {
    expect(CREDIT_ROLES.map((role) => [role.id, role.name, role.emoji])).toEqual(SEEDED);
  });

  it('writes text-default symbols with the emoji variation selector', () => {
    const codePoints = (text: string) => Array.from(text, (c) => c.codePointAt(0)?.toString(16));
    expect(codePoints(creditRoleById(3)?.emoji ?? '')).toEqual(['2702', 'fe0f']);
    expect(codePoints(creditRoleById(17)?.emoji ?? '')).toEqual(['1f3f7', 'fe0f']);
  });

  it('finds roles by id and by name, ignoring case', () => {
    expect(creditRoleById(6)?.name).toBe('Creative Director');
    expect(creditRoleById(18)).toBeUndefined();
    expect(creditRoleByName(' makeup artist ')?.id).toBe(11);
    expect(creditRoleByName('Gaffer')).toBeUndefined();
  });

  it('labels a role with its emoji', () => {
    expect(creditRoleLabel(CREDIT_ROLES[0] ?? { id: 0, name: '', emoji: '' })).toBe('🎬 Director');
  });
});
