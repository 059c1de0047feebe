import { UserType } from '../../../../domain/enums.js';
import { closedSetEnum } from '../../graphql/enums.js';
import type { LoginProvider } from './login-credential.entity.js';

/** Stored as 1 and 2 (the REST API's numbers); GraphQL spells the names. */
export const UserTypeEnum = closedSetEnum('UserType', { COMPANY: UserType.Company, CREATOR: UserType.Creator }, 'Whether an account is a company (a brand) or a creator.', {
  COMPANY: 'A company or brand, such as a client of a project or a team hiring creators.',
  CREATOR: 'A creator: someone who makes posts and is credited on them.',
});

export const LoginProviderEnum = closedSetEnum<LoginProvider>(
  'LoginProvider',
  { EMAIL: 'email', GOOGLE: 'google', TWITTER: 'twitter', APPLE: 'apple' },
  'How a person signs in: email and password (or a magic link), Google, Twitter or Apple.',
  {
    EMAIL: 'An email address, with a password or a link mailed to it.',
    GOOGLE: 'A Google account.',
    TWITTER: 'A Twitter (X) account.',
    APPLE: 'An Apple account (Sign in with Apple).',
  },
);
