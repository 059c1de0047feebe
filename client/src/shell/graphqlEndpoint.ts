/** Byline's GraphQL endpoint, on this origin: the app's client and the API explorer both use it. */
export const GRAPHQL_PATH = '/graphql';

/** The same endpoint for subscriptions (graphql-ws), ws: or wss: as the page is http: or https:. */
export function graphqlWebSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${GRAPHQL_PATH}`;
}
