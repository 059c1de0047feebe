/**
 * What a first visit shows: the smallest useful question, answered for whoever is asking. Its own
 * module so the light query panel can hold it without importing GraphiQL's chunk.
 */
export const STARTER_QUERY = `# Byline's GraphQL API. Press Run (Ctrl-Enter) to send this query.
# Signed out, viewer is null; with a personal access token it is the token's owner.
{
  viewer {
    username
  }
}
`;
