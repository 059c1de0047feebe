import type { ProfilePostsQuery, ProfileQuery } from '@gql/graphql';

export type ProfileUser = ProfileQuery['userByUsername'];
export type Portfolio = ProfileUser['portfolio'];
export type PortfolioPost = ProfilePostsQuery['userByUsername']['portfolio']['creditedPosts']['edges'][number]['node'];
