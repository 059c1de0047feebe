import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { CREATOR_RESULT_COLLABORATORS, MAX_CREATOR_SEARCH_VALUES, MAX_CREDITED_WITHIN_DAYS } from '../../../../../domain/creator-search.js';
import { connectionType } from '../../../graphql/connection.js';
import { User } from '../../users/index.js';

@InputType('CreatorSearchFilter', { description: 'What the creator search narrows people to. Values of one filter widen (either role), filters together narrow (a role and a place).' })
export class CreatorSearchFilterInput {
  @Field(() => [ID], { nullable: true, description: `People credited in any of these roles (CreditRole ids), on posts the viewer may see; at most ${MAX_CREATOR_SEARCH_VALUES}.` })
  roleIds?: string[] | null;

  @Field(() => String, { nullable: true, description: 'People based around this place, given as a geohash of 1 to 9 characters: the shorter, the wider (about 20 km around a 4-character city cell, under 1 km around a 6-character district). Nearest first.' })
  geohash?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only the people in this list of the viewer’s (a List id). Someone else’s list is NOT_FOUND.' })
  listId?: string | null;

  @Field(() => [ID], { nullable: true, description: `People with work on any of these networks (Network ids), or an account there they proved is theirs; at most ${MAX_CREATOR_SEARCH_VALUES}.` })
  networkIds?: string[] | null;

  @Field(() => GraphQLSafeInt, { nullable: true, description: 'At least this many followers, added up over the accounts they proved are theirs.' })
  minFollowers?: number | null;

  @Field(() => GraphQLSafeInt, { nullable: true, description: 'At most this many followers.' })
  maxFollowers?: number | null;

  @Field(() => Int, { nullable: true, description: `Only people credited (a credit added, since accepted) within this many days, 1 to ${MAX_CREDITED_WITHIN_DAYS}.` })
  creditedWithinDays?: number | null;

  @Field(() => String, { nullable: true, description: 'Words of the person’s name or username (up to 100 characters): closer matches first.' })
  text?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'True: only people who say they are open to work (see `User.availability`).' })
  openToWork?: boolean | null;
}

/**
 * One creator found. Not fields on User: the numbers belong to this search and this viewer (the
 * distance from the searched place; counts over the posts this viewer may see), like ListPerson
 * on a list page, and they come with the ranking's own row, so a page costs no query per person.
 * Roles and collaborators reuse the list page's and the profile's types.
 */
@ObjectType('CreatorSearchResult', { description: 'A creator the search found, with what it ranked them by: roles, place, followers, credited posts and views, as the viewer may see them.' })
export class CreatorSearchResult {
  @Field(() => User, { description: 'The person found.' }) user!: User;
  @Field(() => GraphQLSafeInt, { description: 'Followers of the accounts the person proved are theirs, added up (0 when none).' }) followers!: number;
  @Field(() => GraphQLSafeInt, { description: 'Posts the viewer may see that publicly credit the person.' }) creditedPosts!: number;
  @Field(() => GraphQLSafeInt, { description: 'Views of those posts, where their networks tell.' }) views!: number;
  @Field(() => Float, { nullable: true, description: 'Kilometres from the searched place’s centre; null without a place filter.' }) distanceKm!: number | null;
}

export const CreatorSearchResultConnection = connectionType('CreatorSearchResult', CreatorSearchResult);

export const TOP_COLLABORATORS_DESCRIPTION = `The people most often credited with them, most shared posts first: at most ${CREATOR_RESULT_COLLABORATORS}.`;
