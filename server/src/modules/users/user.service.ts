import { raw, type EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../domain/messages.js';
import { usernameProblem } from '../../../../domain/usernames.js';
import { isUniqueViolation } from '../../db/database-errors.js';
import { Conflict, InvalidInput } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import type { Viewer } from './viewer.js';
import { loadViewerEntity } from './viewer-user.js';
import { singleLine } from '../../../../domain/plain-text.js';
import { validateDisplayName } from '../../../../domain/validation.js';
import { recordTermsAcknowledgement } from './terms-acknowledgement.js';
import { User } from './user.entity.js';
import type { UpdateProfileInput } from './user.types.js';

export function findUserByUsername(em: EntityManager, username: string): Promise<User | null> {
  // Usernames are unique case-insensitively: spelled as their unique index (lower(username)) so
  // the lookup is that index's one key. As `username ilike ?` it went through the trigram index
  // instead: 12-17 ms at 100,000 people against under 1 (bench/README.md).
  const sameName = raw((alias) => `lower(${alias}."username") = lower(?)`, [username]);
  return em.findOne(User, { [sameName]: [] });
}

/**
 * docs/product.md §Events: an event's page lives at /{slug}, beside profiles, so no one may take
 * an event's slug as their name. Read here as SQL: the events module builds on users, not the reverse.
 */
async function isEventSlug(em: EntityManager, username: string): Promise<boolean> {
  const rows = await em.execute<Array<{ id: number }>>('select id from events where lower(slug) = lower(?) limit 1', [username]);
  return rows.length > 0;
}

/** Whether `username` could be chosen by `userId` (their own current name counts as free). */
export async function checkUsernameAvailability(
  em: EntityManager,
  username: string,
  userId: number | null,
): Promise<{ available: boolean; message: string | null }> {
  const problem = usernameProblem(username);
  if (problem) return { available: false, message: problem };
  const holder = await findUserByUsername(em, username.trim());
  if ((holder && holder.id !== userId) || (!holder && (await isEventSlug(em, username.trim())))) return { available: false, message: MESSAGES.usernameTaken };
  return { available: true, message: null };
}

/** docs/product.md §Sign-in: the username chosen after sign-up (or changed later in settings). */
export async function chooseUsername(em: EntityManager, viewer: Viewer, wanted: string): Promise<User> {
  const username = wanted.trim();
  const problem = usernameProblem(username);
  if (problem) throw new InvalidInput(problem, { field: 'username' });
  const user = await loadViewerEntity(em, viewer);
  if (user.username === username) return user;
  const holder = await findUserByUsername(em, username);
  if (holder && holder.id !== user.id) throw new Conflict(MESSAGES.usernameTaken, { field: 'username' });
  if (await isEventSlug(em, username)) throw new Conflict(MESSAGES.usernameTaken, { field: 'username' });

  const previous = user.username;
  user.username = username;
  try {
    await em.flush();
  } catch (error) {
    // Undone so nothing flushed later in this request retries it.
    user.username = previous;
    // Two people asking for one name at the same moment: the unique index picks the winner.
    if (isUniqueViolation(error, 'users_username_lower_unique')) throw new Conflict(MESSAGES.usernameTaken, { field: 'username' });
    throw error;
  }
  recordAudit(em, auditViewer(viewer), { action: 'update', target: 'users', targetId: user.id, fields: { username, previous } });
  await em.flush();
  return user;
}

/**
 * Finishing sign-up (docs/product.md §Access: terms must be acknowledged) and editing the profile.
 * Acknowledging records the current version of the terms (docs/product.md §Terms); `acknowledgeTerms: false` never withdraws them.
 */
export async function updateProfile(em: EntityManager, viewer: Viewer, input: UpdateProfileInput): Promise<User> {
  const user = await loadViewerEntity(em, viewer);
  const changed: string[] = [];
  if (input.name !== undefined && input.name !== null) {
    const name = singleLine(input.name);
    // Bidi overrides and stray zero-width characters are refused, not stripped: what is saved is what was typed.
    const problem = validateDisplayName(name);
    if (problem) throw new InvalidInput(problem, { field: 'name' });
    if (name !== user.name) {
      user.name = name;
      changed.push('name');
    }
  }
  if (input.userType !== undefined && input.userType !== null && input.userType !== user.userType) {
    user.userType = input.userType;
    changed.push('userType');
  }
  // docs/product.md §Terms: the version acknowledged is the one in force now.
  if (input.acknowledgeTerms === true && recordTermsAcknowledgement(user)) changed.push('termsAcknowledged');
  if (changed.length === 0) return user;
  recordAudit(em, auditViewer(viewer), { action: 'update', target: 'users', targetId: user.id, fields: { changed } });
  await em.flush();
  return user;
}
