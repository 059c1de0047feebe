import { UserType } from '../../../../domain/enums.js';
import { closedSetEnum } from '../../graphql/enums.js';
import type { LoginProvider } from './login-credential.entity.js';

/** Stored as 1 and 2 (the REST API's numbers); GraphQL spells the names. */
export const UserTypeEnum = closedSetEnum('UserType', { COMPANY: UserType.Company, CREATOR: UserType.Creator }, 'Whether an account is a company (a brand) or a creator.');

export const LoginProviderEnum = closedSetEnum<LoginProvider>(
  'LoginProvider',
  { EMAIL: 'email', GOOGLE: 'google', TWITTER: 'twitter', APPLE: 'apple' },
  'How a person signs in: email and password (or a magic link), Google, Twitter or Apple.',
);
