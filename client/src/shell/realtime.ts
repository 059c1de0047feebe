import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient, type Client } from 'graphql-ws';
import { graphqlWebSocketUrl } from './graphqlEndpoint';
import { readFeatureFlag } from './featureFlag';

/**
 * The WebSocket half of the GraphQL link, in its own chunk: `apollo.ts` imports this module only
 * when the first subscription starts, so a visitor whose pages subscribe to nothing never
 * downloads graphql-ws.
 */
export function createRealtimeLink(): { link: GraphQLWsLink; client: Client } {
  // The session is an httpOnly cookie, sent by the browser with the upgrade request.
  const client = createClient({
    url: graphqlWebSocketUrl(),
    lazy: true,
    connectionParams: () => {
      const flag = readFeatureFlag();
      return flag ? { featureFlag: flag } : {};
    },
  });
  return { link: new GraphQLWsLink(client), client };
}
