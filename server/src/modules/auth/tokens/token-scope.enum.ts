import { closedSetEnum } from '../../../graphql/enums.js';
import type { TokenScope } from '../../../../../domain/token-scopes.js';

export const TokenScopeEnum = closedSetEnum<TokenScope>(
  'PersonalAccessTokenScope',
  { READ_ONLY: 'read_only', READ_WRITE: 'read_write' },
  'What a personal access token may do.',
  {
    READ_ONLY: 'Queries and subscriptions only: mutations, and REST calls other than GET, are refused with FORBIDDEN.',
    READ_WRITE: 'Everything its owner may do, except creating tokens and changing sign-in methods, which need the owner’s own session.',
  },
);
