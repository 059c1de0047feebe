/**
 * The GraphQL documents the scenarios send: the feed and post page as before, and for the other
 * pages the client's own operations, copied from client/src/features (Profile.graphql,
 * ExplorePosts.graphql, track/TopSearch.graphql, Notifications.graphql with CreditItem.graphql).
 * Keep them in step with those files when the pages change what they ask.
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

export const PROFILE_QUERY = `query Profile($username: String!) {
  userByUsername(username: $username) {
    id
    databaseId
    username
    name
    avatarUrl
    userType
    badges
    portfolio {
      bio
      website
      locationName
      totals {
        posts
        views
        likes
      }
      rolesHeld {
        role {
          id
          name
          emoji
        }
        postCount
      }
      socialAccounts {
        id
        handle
        displayName
        profileUrl
        followerCount
        network {
          id
          title
        }
      }
      collaborators(first: 12) {
        sharedPostCount
        user {
          id
          username
          name
          avatarUrl
        }
      }
    }
  }
  networks {
    id
    databaseId
    title
  }
}`;

export const EXPLORE_QUERY = `query ExplorePosts($filter: ExploreFilter, $sort: ExploreSort, $first: Int, $after: String) {
  explorePosts(filter: $filter, sort: $sort, first: $first, after: $after) {
    nodes {
      ...ExplorePost
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}

fragment ExplorePost on Post {
  id
  databaseId
  caption
  thumbnailUrl(width: 320)
  stats {
    views
    likes
  }
  network {
    id
    title
  }
  account {
    id
    handle
    displayName
  }
  credits(first: 3) {
    nodes {
      id
      user {
        id
        name
        username
      }
      role {
        id
        name
      }
    }
  }
}`;

export const TOP_SEARCH_QUERY = `query TopSearch($text: String!) {
  topSearch(text: $text) {
    people { ...TopSearchItem }
    tags { ...TopSearchItem }
    events { ...TopSearchItem }
    roles { ...TopSearchItem }
    locations { ...TopSearchItem }
    postingAccounts { ...TopSearchItem }
  }
}

fragment TopSearchItem on SearchResultItem {
  key
  kind
  imgUrl
  label
  subLabel
  pageUrl
  tagType
}`;

export const NOTIFICATIONS_QUERY = `query Notifications($first: Int!, $after: String) {
  notifications(first: $first, after: $after) {
    pageInfo {
      endCursor
      hasNextPage
    }
    nodes {
      id
      kind
      message
      link
      status
      createdAt
      credit {
        ...CreditItem
      }
    }
  }
}

fragment CreditItem on Credit {
  id
  status
  role {
    id
    name
    emoji
  }
  user {
    id
    username
    name
    avatarUrl
  }
  addedBy {
    id
    username
    name
  }
  invitee {
    displayName
    email
    socialAccount {
      id
    }
  }
  viewerCan {
    accept
    decline
    remove
    report
  }
}`;
