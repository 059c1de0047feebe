import { print } from 'graphql';
import { ExplorePostsDocument, NotificationsDocument, ProfileDocument, TopSearchDocument } from '../client/src/gql/graphql.js';

/**
 * The GraphQL documents the scenarios send: the feed and post page as before, and for the other
 * pages the client's own operations (Profile.graphql, ExplorePosts.graphql, track/TopSearch.graphql,
 * Notifications.graphql with CreditItem.graphql) as codegen compiled them, fragments included, so
 * the bench always asks what the pages ask (`npm run bench` runs codegen first).
 */

export const FEED_QUERY = `query Feed($first: Int!) {
  posts(first: $first) {
    nodes {
      id caption url type createdAt stats { views likes comments shares }
      network { name title }
      account { handle displayName profileUrl }
      credits(first: 10) { nodes { role { name emoji } user { username name } } }
    }
    pageInfo { endCursor hasNextPage }
  }
}`;

export const POST_QUERY = `query Post($databaseId: Int!) {
  postByDatabaseId(databaseId: $databaseId) {
    id caption url type
    network { name }
    account { handle profileUrl }
    credits(first: 10) { nodes { role { name } user { username } } }
  }
}`;

export const PROFILE_QUERY = print(ProfileDocument);
export const EXPLORE_QUERY = print(ExplorePostsDocument);
export const TOP_SEARCH_QUERY = print(TopSearchDocument);
export const NOTIFICATIONS_QUERY = print(NotificationsDocument);
