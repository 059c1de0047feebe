import type { CreditPersonInput } from '@gql/graphql';

/** Who the dialog is about to credit. */
export type ChosenPerson =
  | { kind: 'user'; userId: string; label: string }
  | { kind: 'email'; email: string }
  | { kind: 'handle'; networkId: string; networkTitle: string; handle: string };

/** The mutation's person: exactly one of user, email or social handle. */
export function personInput(person: ChosenPerson): CreditPersonInput {
  switch (person.kind) {
    case 'user':
      return { userId: person.userId };
    case 'email':
      return { email: person.email };
    case 'handle':
      return { socialAccount: { networkId: person.networkId, handle: person.handle } };
  }
}

/** How the dialog names the chosen person in its results. */
export function personLabel(person: ChosenPerson): string {
  switch (person.kind) {
    case 'user':
      return person.label;
    case 'email':
      return person.email;
    case 'handle':
      return `${person.handle} on ${person.networkTitle}`;
  }
}
