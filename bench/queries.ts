import { print } from 'graphql';
import { ExplorePostsDocument, JobApplicationsDocument, JobPageDocument, JobsListDocument, NotificationsDocument, ProfileDocument, TopSearchDocument } from '../client/src/gql/graphql.js';

/**
 * The GraphQL documents the scenarios send: the feed and post page as before, and for the other
 * pages the client's own operations (Profile.graphql, ExplorePosts.graphql, track/TopSearch.graphql,
 * Notifications.graphql with CreditItem.graphql) as codegen compiled them, fragments included, so
 * the bench always asks what the pages ask (`npm run bench` runs codegen first). The projects
 * pages' queries are written out here with their fragments inlined: the list is ProjectsList
 * with ProjectSummary (Projects.graphql); the project page is ProjectPage with ProjectDetails
 * (ProjectPage.graphql) and the collaborators tab's list (tabs/Collaborators.graphql,
 * ProjectCollaboratorRow) in one request, as a page that shows both at once would ask.
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
/** The jobs pages' own operations (jobs/Jobs.graphql): /jobs, a job's page, the applicants table. */
export const JOBS_QUERY = print(JobsListDocument);
export const JOB_PAGE_QUERY = print(JobPageDocument);
export const JOB_APPLICATIONS_QUERY = print(JobApplicationsDocument);

const PROJECT_SUMMARY_FIELDS = `id publicId name path status visibility client startsOn endsOn lastActivityAt
      ownerUser { id name username }
      ownerTeam { id name }`;

export const PROJECTS_QUERY = `query ProjectsList($first: Int, $after: String, $status: ProjectStatus, $teamId: ID, $search: String) {
  projects(first: $first, after: $after, status: $status, teamId: $teamId, search: $search) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes {
      ${PROJECT_SUMMARY_FIELDS}
    }
  }
}`;

export const PROJECT_PAGE_QUERY = `query ProjectPage($publicId: String!, $slug: String, $first: Int) {
  projectByAddress(publicId: $publicId, slug: $slug) {
    canonicalPath
    slugIsCurrent
    project {
      ${PROJECT_SUMMARY_FIELDS}
      slug
      clientUser { id name username }
      createdAt
      viewerCan { edit manageCollaborators seeCosts }
      collaborators(first: $first) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes {
          id status permission isEmailInvitation
          user { id name username avatarUrl }
          creditRole { id name emoji }
        }
      }
    }
  }
}`;
