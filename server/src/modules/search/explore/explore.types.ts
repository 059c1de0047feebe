import { Field, ID, InputType, Int } from 'type-graphql';
import { closedSetEnum } from '../../../graphql/enums.js';
import type { CreditedStatus, ExploreSort } from './explore.service.js';

export const ExploreSortEnum = closedSetEnum<ExploreSort>('ExploreSort', { RELEVANCE: 'relevance', NEWEST: 'newest' }, 'How /explore orders posts.', {
  RELEVANCE: 'Most viewed first (filters match exactly; popularity tells results apart).',
  NEWEST: 'Most recently imported first.',
});

export const CreditedStatusEnum = closedSetEnum<CreditedStatus>('CreditedStatus', { ALL: 'all', CREDITED: 'credited', UNCREDITED: 'uncredited' }, 'Whether posts must have public credits.', {
  ALL: 'Every post, credited or not.',
  CREDITED: 'Only posts with at least one public (accepted) credit.',
  UNCREDITED: 'Only posts nobody is publicly credited on yet.',
});

@InputType('ExploreFilter', { description: 'What /explore narrows posts to. Values of one filter widen (either tag), filters together narrow (a tag and a network).' })
export class ExploreFilterInput {
  @Field(() => [Int], { nullable: true, description: 'Tags, events and locations by their number (the `{name}~{id}` of the page link), at most 20.' })
  tagDatabaseIds?: number[] | null;

  @Field(() => [ID], { nullable: true, description: 'Posts crediting these people (global User ids), at most 20.' })
  userIds?: string[] | null;

  @Field(() => ID, { nullable: true, description: 'Posts from this account (global SocialAccount id).' })
  postingAccountId?: string | null;

  @Field(() => [ID], { nullable: true, description: 'Posts on these networks (global Network ids).' })
  networkIds?: string[] | null;

  @Field(() => String, { nullable: true, description: 'Words in the caption or the account name (up to 100 characters).' })
  text?: string | null;

  @Field(() => CreditedStatusEnum, { nullable: true, defaultValue: 'all', description: 'Whether posts must have public credits (CREDITED), must have none (UNCREDITED) or either (ALL, the default).' })
  creditedStatus?: CreditedStatus | null;
}
