import type { RequestContext } from '../../users/index.js';
import type { NodeType } from '../../../graphql/node.js';
import { PersonalAccessToken } from './personal-access-token.entity.js';
import { findVisiblePersonalAccessTokens } from './personal-access-token.service.js';

/** Only the owner fetches a token, as in `personalAccessTokens`. */
export const personalAccessTokenNode: NodeType<PersonalAccessToken, RequestContext> = {
  typeName: 'PersonalAccessToken',
  classType: PersonalAccessToken,
  loadVisible: ({ em, viewer }, ids) => findVisiblePersonalAccessTokens(em, viewer?.user.id ?? null, ids),
};
