import type { PersonalAccessTokenScope } from '@gql/graphql';

/** GitHub's choices for a token's lifetime; null is a token that never expires. */
export const EXPIRY_CHOICES: ReadonlyArray<{ label: string; days: number | null }> = [
  { label: '30 days', days: 30 },
  { label: '60 days', days: 60 },
  { label: '90 days', days: 90 },
  { label: '1 year', days: 365 },
  { label: 'No expiration', days: null },
];

export const DEFAULT_EXPIRY_DAYS = 30;

export const SCOPE_CHOICES: ReadonlyArray<{ scope: PersonalAccessTokenScope; label: string; hint: string }> = [
  { scope: 'READ_ONLY', label: 'Read-only', hint: 'Queries and subscriptions only; mutations are refused.' },
  { scope: 'READ_WRITE', label: 'Read and write', hint: 'Everything you can do, except creating tokens and changing how you sign in.' },
];

export function scopeLabel(scope: PersonalAccessTokenScope): string {
  return SCOPE_CHOICES.find((choice) => choice.scope === scope)?.label ?? scope;
}
