import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestContext } from '../../users/index.js';
import { httpRefusal } from '../../../graphql/http-refusal.js';
import { mayWrite, readOnlyTokenRefusal } from './token-scope.js';

/**
 * The one GraphQL check of a token's scope: a mutation sent with a read-only token is refused
 * whole, before any of its fields runs, so no resolver has to remember the rule. Queries and
 * subscriptions are reads. (WebSockets take subscriptions only, so HTTP is the only way in.)
 */
export function tokenScopePlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue }) {
          if (operation?.operation === 'mutation' && !mayWrite(contextValue.viewer)) throw httpRefusal(readOnlyTokenRefusal());
        },
      };
    },
  };
}
