import type { EntityManager } from '@mikro-orm/postgresql';
import { Conflict, InvalidInput, NotFound, Unprocessable } from '../../../errors/app-errors.js';
import type { Viewer } from '../../users/index.js';
import { User } from '../../users/index.js';
import { requireTeamAccess, requireTeamsSubscription } from '../team-access.js';
import { TEAM_MESSAGES } from '../team.messages.js';
import { TeamCreatorComment } from './team-creator-comment.entity.js';
import { TeamCreator } from './team-creator.entity.js';
import { TeamStage } from './team-stage.entity.js';

/** A board has a handful of columns; 20 keeps it readable (and the stage list unpaged). */
export const MAX_STAGES = 20;
export const DEFAULT_STAGES = ['Sourced', 'Contacted', 'Hired'] as const;
export const MAX_COMMENT_LENGTH = 2000;

/** The example pipeline (docs/product.md §Teams), made with every new team; the team renames or adds to it. */
export async function createDefaultStages(tx: EntityManager, teamId: number): Promise<void> {
  DEFAULT_STAGES.forEach((name, position) => tx.create(TeamStage, { team: teamId, name, position }));
  await tx.flush();
}

function stageNameOf(input: string): string {
  const name = input.trim();
  if (!name) throw new InvalidInput(TEAM_MESSAGES.stageNameRequired, { field: 'name' });
  if (name.length > 60) throw new InvalidInput('A stage name can be at most 60 characters.', { field: 'name' });
  return name;
}

/** Every team tool runs the upgrade check first (docs/product.md §Teams). */
async function requireStageTeam(em: EntityManager, viewer: Viewer, teamId: number) {
  const access = await requireTeamAccess(em, viewer, teamId, 'use');
  requireTeamsSubscription(viewer, access.team);
  return access;
}

async function findStage(em: EntityManager, viewer: Viewer, stageId: number): Promise<TeamStage> {
  const stage = await em.findOne(TeamStage, stageId);
  if (!stage) throw new NotFound(TEAM_MESSAGES.stageNotFound);
  await requireStageTeam(em, viewer, stage.team.id);
  return stage;
}

async function findCreator(em: EntityManager, viewer: Viewer, creatorId: number): Promise<TeamCreator> {
  const creator = await em.findOne(TeamCreator, creatorId);
  if (!creator) throw new NotFound(TEAM_MESSAGES.creatorNotFound);
  await requireStageTeam(em, viewer, creator.team.id);
  return creator;
}

export async function createStage(em: EntityManager, viewer: Viewer, teamId: number, nameInput: string): Promise<TeamStage> {
  const { team } = await requireStageTeam(em, viewer, teamId);
  const name = stageNameOf(nameInput);
  const existing = await em.find(TeamStage, { team: team.id }, { fields: ['position'] });
  if (existing.length >= MAX_STAGES) throw new Unprocessable(TEAM_MESSAGES.tooManyStages);
  const stage = em.create(TeamStage, { team: team.id, name, position: Math.max(-1, ...existing.map((row) => row.position)) + 1 });
  await em.flush();
  return stage;
}

export async function renameStage(em: EntityManager, viewer: Viewer, stageId: number, nameInput: string): Promise<TeamStage> {
  const stage = await findStage(em, viewer, stageId);
  stage.name = stageNameOf(nameInput);
  await em.flush();
  return stage;
}

/** A stage goes only once it is empty, so nobody's place on the board is lost by accident. */
export async function deleteStage(em: EntityManager, viewer: Viewer, stageId: number): Promise<number> {
  const stage = await findStage(em, viewer, stageId);
  if (await em.count(TeamCreator, { stage: stage.id })) throw new Unprocessable(TEAM_MESSAGES.stageNotEmpty);
  await em.nativeDelete(TeamStage, { id: stage.id });
  return stage.id;
}

/** Puts a creator (a Byline member) on the board in a stage; once per team. */
export async function addCreatorToStage(em: EntityManager, viewer: Viewer, stageId: number, userId: number): Promise<TeamCreator> {
  const stage = await findStage(em, viewer, stageId);
  const user = await em.findOne(User, { id: userId, username: { $ne: null } });
  if (!user) throw new NotFound('User was not found');
  if (await em.count(TeamCreator, { team: stage.team.id, user: user.id })) throw new Conflict();
  const creator = em.create(TeamCreator, { team: stage.team.id, stage: stage.id, user: user.id, addedBy: viewer.user.id });
  await em.flush();
  return creator;
}

/**
 * Puts a person on the board in a stage unless they are on it already: then their card stays
 * where the team put it (moving them is the board's own step). Says which happened, so the
 * caller can tell the user where to find them (a job's applicants table, docs/product.md §Jobs).
 */
export async function placeOnBoard(em: EntityManager, viewer: Viewer, place: { teamId: number; stageId: number; userId: number }): Promise<{ creator: TeamCreator; alreadyOnBoard: boolean }> {
  const { teamId, stageId, userId } = place;
  const stage = await findStage(em, viewer, stageId);
  // Only a stage of the team asking: another team's board is not found from here.
  if (stage.team.id !== teamId) throw new NotFound(TEAM_MESSAGES.stageNotFound);
  const insert = await em.execute<Array<{ id: number }>>(
    `insert into "team_stage_creators" ("team_id", "stage_id", "user_id", "added_by_id") values (?, ?, ?, ?)
       on conflict ("team_id", "user_id") do nothing returning "id"`,
    [stage.team.id, stage.id, userId, viewer.user.id],
  );
  const creator = await em.findOneOrFail(TeamCreator, { team: stage.team.id, user: userId });
  return { creator, alreadyOnBoard: insert.length === 0 };
}

/** Drag (or choose) a creator into another stage of the same team. */
export async function moveCreator(em: EntityManager, viewer: Viewer, creatorId: number, stageId: number): Promise<TeamCreator> {
  const creator = await findCreator(em, viewer, creatorId);
  const stage = await em.findOne(TeamStage, { id: stageId, team: creator.team.id });
  if (!stage) throw new NotFound(TEAM_MESSAGES.stageNotFound);
  if (creator.stage.id !== stage.id) {
    creator.stage = em.getReference(TeamStage, stage.id, { wrapped: true });
    creator.movedAt = new Date();
    await em.flush();
  }
  return creator;
}

export async function removeCreator(em: EntityManager, viewer: Viewer, creatorId: number): Promise<number> {
  const creator = await findCreator(em, viewer, creatorId);
  await em.nativeDelete(TeamCreator, { id: creator.id });
  return creator.id;
}

export async function commentOnCreator(em: EntityManager, viewer: Viewer, creatorId: number, bodyInput: string): Promise<TeamCreatorComment> {
  const creator = await findCreator(em, viewer, creatorId);
  const body = bodyInput.trim();
  if (!body) throw new InvalidInput(TEAM_MESSAGES.commentRequired, { field: 'body' });
  if (body.length > MAX_COMMENT_LENGTH) throw new InvalidInput(TEAM_MESSAGES.commentTooLong, { field: 'body' });
  const comment = em.create(TeamCreatorComment, { creator: creator.id, author: viewer.user.id, body });
  await em.flush();
  return comment;
}
