/**
 * Credit roles seeded by the first migration, in display order. Ids and names must match
 * the seed exactly; the emoji carry U+FE0F where the character needs it to show as emoji.
 */
export interface CreditRole {
  readonly id: number;
  readonly name: string;
  readonly emoji: string;
}

export const CREDIT_ROLES: readonly CreditRole[] = [
  { id: 1, name: 'Director', emoji: '🎬' },
  { id: 2, name: 'Photographer', emoji: '📷' },
  { id: 3, name: 'Editor', emoji: '\u2702\uFE0F' },
  { id: 4, name: 'Producer', emoji: '\u{1F39E}\uFE0F' },
  { id: 5, name: 'Cinematographer', emoji: '🎥' },
  { id: 6, name: 'Creative Director', emoji: '💡' },
  { id: 7, name: 'Art Director', emoji: '🎨' },
  { id: 8, name: 'Writer', emoji: '\u270D\uFE0F' },
  { id: 9, name: 'Talent', emoji: '⭐' },
  { id: 10, name: 'Stylist', emoji: '👗' },
  { id: 11, name: 'Makeup Artist', emoji: '💄' },
  { id: 12, name: 'Animator', emoji: '🧩' },
  { id: 13, name: 'Sound Designer', emoji: '🎧' },
  { id: 14, name: 'Composer', emoji: '🎵' },
  { id: 15, name: 'Colorist', emoji: '🌈' },
  { id: 16, name: 'Creator', emoji: '🙋' },
  { id: 17, name: 'Brand', emoji: '\u{1F3F7}\uFE0F' },
];

export function creditRoleById(id: number): CreditRole | undefined {
  return CREDIT_ROLES.find((role) => role.id === id);
}

/** Case-insensitive, so "makeup artist" typed in a search box finds the role. */
export function creditRoleByName(name: string): CreditRole | undefined {
  const wanted = name.trim().toLowerCase();
  return CREDIT_ROLES.find((role) => role.name.toLowerCase() === wanted);
}

/** How a role reads in a credit line, e.g. "🎬 Director". */
export function creditRoleLabel(role: CreditRole): string {
  return `${role.emoji} ${role.name}`;
}
