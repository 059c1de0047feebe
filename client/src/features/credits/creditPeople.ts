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
  if (invitee?.socialAccount) {
    const account = invitee.socialAccount;
    return { key: `account:${account.id}`, name: `${invitee.displayName} on ${account.network.title}`, profilePath: null };
  }
  if (invitee) {
    // An email invitee: the address itself only reaches whoever added it, the name reaches everyone concerned.
    return { key: `invitee:${invitee.email ?? invitee.displayName}`, name: invitee.displayName, profilePath: null };
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
