import { Arg, Args, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import { childConnection } from '../../../graphql/child-connections.js';
import type { Connection } from '../../../graphql/connection.js';
import type { RequestContext } from '../../users/index.js';
import { parseGlobalId, toGlobalId } from '../../../graphql/global-id.js';
import { PageArgs, readKeysetPage } from '../../../graphql/pagination.js';
import { requireViewer, User } from '../../users/index.js';
import { CreditRole } from '../../credits/index.js';
import {
  AddTeamCreatorInput,
  AddTeamCreatorPayload,
  CommentOnTeamCreatorInput,
  CommentOnTeamCreatorPayload,
  CreateTeamStageInput,
  CreateTeamStagePayload,
  DeleteTeamStageInput,
  DeleteTeamStagePayload,
  MoveTeamCreatorInput,
  MoveTeamCreatorPayload,
  RemoveTeamCreatorInput,
  RemoveTeamCreatorPayload,
  RenameTeamStageInput,
  RenameTeamStagePayload,
  TeamCreatorCommentConnection,
  TeamCreatorConnection,
  TeamCreatorSourcing,
} from '../team.types.js';
import { forgetCreatorSourcing, loadCreatorSourcing } from './creator-sourcing.loader.js';
import { TeamCreatorComment } from './team-creator-comment.entity.js';
import { TeamCreator } from './team-creator.entity.js';
import { TeamStage } from './team-stage.entity.js';
import { addCreatorToStage, commentOnCreator, createStage, deleteStage, moveCreator, removeCreator, renameStage } from './team-stages.service.js';

const STAGE_CREATORS = { name: 'team-stage-creators', entity: TeamCreator, table: 'team_stage_creators', parentColumn: 'stage_id', order: 'asc' } as const;
const CREATOR_COMMENTS = { name: 'team-creator-comments', entity: TeamCreatorComment, table: 'team_creator_comments', parentColumn: 'creator_id', order: 'asc' } as const;

@Resolver(() => TeamStage)
export class TeamStageResolver {
  @FieldResolver(() => TeamCreatorConnection, { description: 'The creators in this stage, in the order they were added to the board.' })
  creators(@Root() stage: TeamStage, @Args(() => PageArgs) args: PageArgs, @Ctx() { em }: RequestContext): Promise<Connection<TeamCreator>> {
    return childConnection(em, STAGE_CREATORS, stage.id, readKeysetPage(args));
  }

  @Mutation(() => CreateTeamStagePayload, { description: 'Adds a column to the team’s creator board, at the right end (team members, paid Teams subscription).' })
  async createTeamStage(@Arg('input', () => CreateTeamStageInput, { description: 'The team and the new stage’s name.' }) input: CreateTeamStageInput, @Ctx() context: RequestContext): Promise<CreateTeamStagePayload> {
    return { stage: await createStage(context.em, requireViewer(context), parseGlobalId(input.teamId, 'Team'), input.name) };
  }

  @Mutation(() => RenameTeamStagePayload, { description: 'Renames a column of the creator board.' })
  async renameTeamStage(@Arg('input', () => RenameTeamStageInput, { description: 'The stage and its new name.' }) input: RenameTeamStageInput, @Ctx() context: RequestContext): Promise<RenameTeamStagePayload> {
    return { stage: await renameStage(context.em, requireViewer(context), parseGlobalId(input.stageId, 'TeamStage'), input.name) };
  }

  @Mutation(() => DeleteTeamStagePayload, { description: 'Deletes an empty column of the creator board.' })
  async deleteTeamStage(@Arg('input', () => DeleteTeamStageInput, { description: 'The empty stage to delete.' }) input: DeleteTeamStageInput, @Ctx() context: RequestContext): Promise<DeleteTeamStagePayload> {
    const id = await deleteStage(context.em, requireViewer(context), parseGlobalId(input.stageId, 'TeamStage'));
    return { deletedStageId: toGlobalId('TeamStage', id) };
  }
}

@Resolver(() => TeamCreator)
export class TeamCreatorResolver {
  @FieldResolver(() => User, { description: 'The creator this card is about.' })
  user(@Root() creator: TeamCreator): Promise<User> {
    return creator.user.loadOrFail();
  }

  @FieldResolver(() => TeamStage, { description: 'The stage (column) the card is in now.' })
  stage(@Root() creator: TeamCreator): Promise<TeamStage> {
    return creator.stage.loadOrFail();
  }

  @FieldResolver(() => TeamCreatorSourcing, { description: 'The sourcing table’s columns: followers, location, role, projects, collaborators, comments.' })
  sourcing(@Root() creator: TeamCreator, @Ctx() { em }: RequestContext): Promise<TeamCreatorSourcing> {
    return loadCreatorSourcing(em, creator.id);
  }

  @FieldResolver(() => TeamCreatorCommentConnection, { description: 'The team’s comments about the creator, oldest first.' })
  teamComments(@Root() creator: TeamCreator, @Args(() => PageArgs) args: PageArgs, @Ctx() { em }: RequestContext): Promise<Connection<TeamCreatorComment>> {
    return childConnection(em, CREATOR_COMMENTS, creator.id, readKeysetPage(args));
  }

  @Mutation(() => AddTeamCreatorPayload, { description: 'Puts a creator on the team’s board in a stage (once per team).' })
  async addTeamCreator(@Arg('input', () => AddTeamCreatorInput, { description: 'The stage and the creator to put in it.' }) input: AddTeamCreatorInput, @Ctx() context: RequestContext): Promise<AddTeamCreatorPayload> {
    return { creator: await addCreatorToStage(context.em, requireViewer(context), parseGlobalId(input.stageId, 'TeamStage'), parseGlobalId(input.userId, 'User')) };
  }

  @Mutation(() => MoveTeamCreatorPayload, { description: 'Moves a creator to another stage of the same board (drag and drop, or choose the stage).' })
  async moveTeamCreator(@Arg('input', () => MoveTeamCreatorInput, { description: 'The card and the stage it moves to.' }) input: MoveTeamCreatorInput, @Ctx() context: RequestContext): Promise<MoveTeamCreatorPayload> {
    return { creator: await moveCreator(context.em, requireViewer(context), parseGlobalId(input.creatorId, 'TeamCreator'), parseGlobalId(input.stageId, 'TeamStage')) };
  }

  @Mutation(() => RemoveTeamCreatorPayload, { description: 'Takes a creator off the board, with the team’s comments about them.' })
  async removeTeamCreator(@Arg('input', () => RemoveTeamCreatorInput, { description: 'The card to take off the board.' }) input: RemoveTeamCreatorInput, @Ctx() context: RequestContext): Promise<RemoveTeamCreatorPayload> {
    const id = await removeCreator(context.em, requireViewer(context), parseGlobalId(input.creatorId, 'TeamCreator'));
    return { removedCreatorId: toGlobalId('TeamCreator', id) };
  }

  @Mutation(() => CommentOnTeamCreatorPayload, { description: 'Writes the team’s comment about a creator on its board.' })
  async commentOnTeamCreator(@Arg('input', () => CommentOnTeamCreatorInput, { description: 'The card and the comment.' }) input: CommentOnTeamCreatorInput, @Ctx() context: RequestContext): Promise<CommentOnTeamCreatorPayload> {
    const comment = await commentOnCreator(context.em, requireViewer(context), parseGlobalId(input.creatorId, 'TeamCreator'), input.body);
    forgetCreatorSourcing(context.em);
    return { comment };
  }
}

@Resolver(() => TeamCreatorSourcing)
export class TeamCreatorSourcingResolver {
  @FieldResolver(() => CreditRole, { nullable: true, description: 'The role they are publicly credited for most often.' })
  async topRole(@Root() sourcing: TeamCreatorSourcing, @Ctx() { em }: RequestContext): Promise<CreditRole | null> {
    return sourcing.roleId === null ? null : ((await em.getReference(CreditRole, sourcing.roleId, { wrapped: true }).load()) ?? null);
  }
}

@Resolver(() => TeamCreatorComment)
export class TeamCreatorCommentResolver {
  @FieldResolver(() => User, { nullable: true, description: 'Who wrote it; null for a former member.' })
  async author(@Root() comment: TeamCreatorComment): Promise<User | null> {
    return comment.author ? ((await comment.author.load()) ?? null) : null;
  }
}
