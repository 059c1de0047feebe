import type { CreditItemFragment } from '@gql/graphql';

/** One person on a post with every role they are credited for, in the post's credit order. */
export interface CreditedPerson {
  key: string;
  name: string;
  /** Their profile path when they are on Byline. */
  profilePath: string | null;
  credits: CreditItemFragment[];
}

/** Who a credit is for: a Byline user, or the invitee not on Byline yet (by handle or email). */
export function personOf(credit: CreditItemFragment): Omit<CreditedPerson, 'credits'> {
  const { user, invitee } = credit;
  if (user) {
    return {
      key: `user:${user.id}`,
      name: user.name ?? user.username ?? 'Someone',
      profilePath: user.username ? `/${user.username}` : null,
    };
  }
  if (invitee) {
    // Someone not on Byline yet: "@handle" for an account, the hidden-but-recognisable address for an email.
    const key = invitee.socialAccount ? `account:${invitee.socialAccount.id}` : `invitee:${invitee.email ?? invitee.displayName}`;
    return { key, name: invitee.displayName, profilePath: null };
  }
  // A former member: each such credit stands alone, as nothing says two are the same person.
  return { key: `credit:${credit.id}`, name: 'Someone', profilePath: null };
}

/** Credits grouped by person, each group where that person first appears, roles in order. */
export function groupByPerson(credits: readonly CreditItemFragment[]): CreditedPerson[] {
  const people = new Map<string, CreditedPerson>();
  for (const credit of credits) {
    const person = personOf(credit);
    const group = people.get(person.key);
    if (group) group.credits.push(credit);
    else people.set(person.key, { ...person, credits: [credit] });
  }
  return [...people.values()];
}
