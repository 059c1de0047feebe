import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, ObjectType } from 'type-graphql';
import { MILESTONE_TYPES, type MilestoneType } from '../../../../domain/milestones.js';
import { closedSetEnum, screamingKeys } from '../../graphql/enums.js';

export const MilestoneTypeEnum = closedSetEnum<MilestoneType>('MilestoneType', screamingKeys(MILESTONE_TYPES), 'What a milestone counts.', {
  VIEWS: 'Views added up over the person’s publicly credited posts.',
  LIKES: 'Likes added up over the person’s publicly credited posts.',
  POSTS: 'Posts the person is publicly credited on.',
});

/** A threshold a person passed; identified by its type and threshold, so it is a value, not a Node. */
@ObjectType('Milestone', { description: 'A round number a person’s public work passed (1k views, 10 credited posts…), and when Byline saw it.' })
export class Milestone {
  @Field(() => MilestoneTypeEnum, { description: 'What it counts: VIEWS, LIKES or POSTS.' }) type!: MilestoneType;
  @Field(() => GraphQLSafeInt, { description: 'The round number passed, e.g. 1000000.' }) threshold!: number;
  @Field(() => Date, { description: 'When a stats refresh first found it passed.' }) reachedAt!: Date;
}
