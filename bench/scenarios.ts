/** What the benchmark asks the server, as a signed-out visitor would. */

export interface Scenario {
  name: string;
  /** Sends request number `index`; throws unless the server answered with data. */
  send(index: number): Promise<void>;
}

const POSTS_QUERY = `query Feed {
  posts(first: 20) {
    nodes {
      id caption url type createdAt stats { views likes comments shares }
      network { name title }
      account { handle displayName profileUrl }
      credits(first: 10) { nodes { role { name emoji } user { username name } } }
    }
    pageInfo { endCursor hasNextPage }
  }
}`;

const SEARCH_QUERY = `query Search($text: String!) {
  search(text: $text, first: 10) { nodes { key kind label subLabel pageUrl relevancyScore tagType } }
}`;

const POST_QUERY = `query Post($databaseId: Int!) {
  postByDatabaseId(databaseId: $databaseId) {
    id caption url type
    network { name }
    account { handle profileUrl }
    credits(first: 10) { nodes { role { name } user { username } } }
  }
}`;

/** Words the synthetic and demo sets contain: names, brands, tags, roles, places, handle prefixes. */
export const SEARCH_TEXTS = ['maya', 'okafor', 'studio', 'golden light', 'direc', 'photo', 'tokyo', 'northwind_', 'sato', 'ember'];

interface GraphQLBody {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string }>;
}

export async function postGraphQL(baseUrl: string, query: string, variables?: Record<string, unknown>): Promise<GraphQLBody> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as GraphQLBody;
  if (!response.ok || body.errors?.length) throw new Error(`HTTP ${response.status}: ${body.errors?.[0]?.message ?? 'no data'}`);
  return body;
}

export function buildScenarios(baseUrl: string, visiblePostIds: readonly number[]): Scenario[] {
  const scenarios: Scenario[] = [
    {
      name: 'GraphQL posts(first: 20)',
      async send() {
        const body = await postGraphQL(baseUrl, POSTS_QUERY);
        const posts = body.data?.posts as { nodes: unknown[] } | undefined;
        if (!posts || posts.nodes.length === 0) throw new Error('posts returned no nodes');
      },
    },
    {
      name: 'GraphQL search(text)',
      async send(index) {
        await postGraphQL(baseUrl, SEARCH_QUERY, { text: SEARCH_TEXTS[index % SEARCH_TEXTS.length] });
      },
    },
  ];
  if (visiblePostIds.length > 0) {
    scenarios.push({
      name: 'GraphQL post(id)',
      async send(index) {
        const id = visiblePostIds[index % visiblePostIds.length];
        const body = await postGraphQL(baseUrl, POST_QUERY, { databaseId: id });
        if (!body.data?.postByDatabaseId) throw new Error(`post ${id} not found`);
      },
    });
  }
  scenarios.push({
    name: 'REST GET /api/health',
    async send() {
      const response = await fetch(`${baseUrl}/api/health`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    },
  });
  return scenarios;
}
