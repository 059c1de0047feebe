import type { EntityManager } from '@mikro-orm/postgresql';
import { validateBio, validateLocation, validateWebsite, websiteAsTyped, SETTINGS_MESSAGES } from '../../../../domain/profile-settings.js';
import { singleLine } from '../../../../domain/plain-text.js';
import { usernameProblem } from '../../../../domain/usernames.js';
import { validateDisplayName } from '../../../../domain/validation.js';
import { InvalidInput } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { AuthSession, revokeUserSessions, revokeAllPersonalAccessTokens } from '../auth/index.js';
import type { Viewer } from '../users/index.js';
import { lockUserRow, rememberDeletedUsername, User, chooseUsername, loadViewerEntity, updateProfile } from '../users/index.js';
import type { UpdateSettingsInput } from './settings.types.js';

type ProfileDetails = Partial<Pick<User, 'bio' | 'website' | 'locationName' | 'locationGeohash'>>;

/** A website as typed ("mysite.com" is taken as https); a scheme other than http or https is "Invalid url" (docs/product.md §Posts). */
function websiteOf(typed: string): string | null {
  const website = websiteAsTyped(typed);
  if (website === null) return null;
  const problem = validateWebsite(website);
  if (problem) throw new InvalidInput(problem, { field: 'website' });
  return website;
}

/** The bio, location and website of the input, checked: a refusal throws before anything is saved. */
function profileDetailsOf(input: UpdateSettingsInput): ProfileDetails {
  const details: ProfileDetails = {};
  if (input.bio !== undefined && input.bio !== null) {
    const bio = input.bio.replace(/\r\n?/g, '\n').trim();
    const problem = validateBio(bio);
    if (problem) throw new InvalidInput(problem, { field: 'bio' });
    details.bio = bio === '' ? null : bio;
  }
  if (input.website !== undefined && input.website !== null) details.website = websiteOf(input.website);
  if (input.location === null) {
    details.locationName = null;
    details.locationGeohash = null;
  } else if (input.location !== undefined) {
    const name = singleLine(input.location.name);
    const geohash = input.location.geohash.trim().toLowerCase();
    const problem = validateLocation(name, geohash);
    if (problem) throw new InvalidInput(problem.message, { field: problem.field });
    details.locationName = name;
    details.locationGeohash = geohash;
  }
  return details;
}

/**
 * Saves /settings: username, name, user type, terms (finishing sign-up, docs/product.md §Access),
 * bio, website and place. Every field is checked before anything is saved; the username goes first
 * because it alone can still lose a race (two people, one name) after its check.
 */
export async function updateSettings(em: EntityManager, viewer: Viewer, input: UpdateSettingsInput): Promise<User> {
  const details = profileDetailsOf(input);
  if (input.name !== undefined && input.name !== null) {
    const problem = validateDisplayName(singleLine(input.name));
    if (problem) throw new InvalidInput(problem, { field: 'name' });
  }
  if (input.username !== undefined && input.username !== null) {
    const problem = usernameProblem(input.username);
    if (problem) throw new InvalidInput(problem, { field: 'username' });
    await chooseUsername(em, viewer, input.username);
  }
  await updateProfile(em, viewer, { name: input.name, userType: input.userType, acknowledgeTerms: input.acknowledgeTerms });

  const user = await loadViewerEntity(em, viewer);
  const changed = (Object.keys(details) as Array<keyof ProfileDetails>).filter((key) => user[key] !== details[key]);
  if (changed.length === 0) return user;
  Object.assign(user, details);
  recordAudit(em, auditViewer(viewer), { action: 'update', target: 'users', targetId: user.id, fields: { changed } });
  await em.flush();
  return user;
}

/**
 * Signs out every other session of the viewer (other browsers, the app, masquerades they opened)
 * and, when asked, revokes their personal access tokens. The current session stays.
 */
export async function signOutOtherSessions(em: EntityManager, viewer: Viewer, includePersonalAccessTokens: boolean): Promise<{ sessions: number; tokens: number }> {
  const userId = viewer.user.id;
  return em.transactional(async (tx) => {
    const sessions = await tx.count(AuthSession, {
      $or: [{ user: userId }, { masqueradingAdmin: userId }],
      revokedAt: null,
      expiresAt: { $gt: new Date() },
      ...(viewer.sessionId ? { id: { $ne: viewer.sessionId } } : {}),
    });
    await revokeUserSessions(tx, userId, viewer.sessionId);
    const tokens = includePersonalAccessTokens ? await revokeAllPersonalAccessTokens(tx, userId) : 0;
    recordAudit(tx, auditViewer(viewer), { action: 'logout', target: 'auth_sessions', targetId: userId, fields: { scope: 'other_sessions', sessions, tokens } });
    await tx.flush();
    return { sessions, tokens };
  });
}

/**
 * Deletes the viewer's account for good, in one transaction: every session and token ends (live
 * sockets are told at once), and the row goes. The database does the rest: the user's own credits,
 * logins, notifications, memberships and pictures go with them (on delete cascade); credits they
 * gave others stay, their `added_by` becoming null ("former member"); posts they tracked stay
 * without a tracker. The username is free again; its address answers 410 Gone until someone takes
 * it. The audit row keeps only the username.
 */
export async function deleteAccount(em: EntityManager, viewer: Viewer, confirm: boolean): Promise<number> {
  if (!confirm) throw new InvalidInput(SETTINGS_MESSAGES.deleteNeedsConfirmation, { field: 'confirm' });
  const userId = viewer.user.id;
  await em.transactional(async (tx) => {
    await lockUserRow(tx, userId);
    // Written before the row goes; its actor then becomes null, the admin behind a masquerade stays.
    recordAudit(tx, auditViewer(viewer), { action: 'delete', target: 'users', targetId: userId, fields: { username: viewer.user.username } });
    await tx.flush();
    await revokeUserSessions(tx, userId);
    await revokeAllPersonalAccessTokens(tx, userId);
    // docs/product.md §Pages: the name's address answers 410 Gone from now on, until someone takes it.
    await rememberDeletedUsername(tx, userId);
    await tx.nativeDelete(User, { id: userId });
  });
  em.clear();
  return userId;
}
