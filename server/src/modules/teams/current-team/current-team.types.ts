import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { User } from '../../users/index.js';

@InputType('SetCurrentTeamInput', { description: 'The team to choose as the current one, or null.' })
export class SetCurrentTeamInput {
  @Field(() => ID, { nullable: true, description: 'A Team’s global id: a team you are an active member of. Null clears the choice.' })
  teamId?: string | null;
}

@ObjectType('SetCurrentTeamPayload', { description: 'The viewer after choosing.' })
export class SetCurrentTeamPayload {
  @Field(() => User, { description: 'You, with the new currentTeamId.' }) user!: User;
}
