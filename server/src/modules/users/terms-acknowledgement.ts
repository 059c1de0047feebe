import type { EntityManager } from '@mikro-orm/postgresql';
import { CURRENT_TERMS, TERMS_VERSIONS, isKnownTermsVersion } from '../../../../domain/terms.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { InvalidInput } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import type { User } from './user.entity.js';
import type { Viewer } from './viewer.js';
import { loadViewerEntity } from './viewer-user.js';

function positionOf(id: string | null): number {
  return id === null ? -1 : TERMS_VERSIONS.findIndex((version) => version.id === id);
}

/**
 * Records that `user` acknowledged terms version `versionId` now (docs/product.md §Terms): at
 * sign-up, when finishing it, in settings or in the dialog that asks again. An acknowledgement
 * never moves back to an older version, and acknowledging the one already recorded changes
 * nothing. Answers whether the row changed; the caller flushes. An id the history does not know
 * is refused, so a record always names text that exists.
 */
export function recordTermsAcknowledgement(user: User, versionId: string = CURRENT_TERMS.id, now = new Date()): boolean {
  if (!isKnownTermsVersion(versionId)) throw new InvalidInput(MESSAGES.termsVersionUnknown, { field: 'version' });
  // Before versions were kept an acknowledgement was of the first one (domain/terms.ts).
  const recorded = user.termsAcknowledgedAt === null ? -1 : user.termsVersion === null ? 0 : positionOf(user.termsVersion);
  if (positionOf(versionId) <= recorded) return false;
  user.termsAcknowledgedAt = now;
  user.termsVersion = versionId;
  return true;
}

/** The acknowledgement dialog's mutation: records the version, audited, for the viewer's own account. */
export async function acknowledgeTerms(em: EntityManager, viewer: Viewer, versionId: string): Promise<User> {
  const user = await loadViewerEntity(em, viewer);
  if (recordTermsAcknowledgement(user, versionId)) {
    recordAudit(em, auditViewer(viewer), { action: 'update', target: 'users', targetId: user.id, fields: { changed: ['termsAcknowledged'], termsVersion: versionId } });
    await em.flush();
  }
  return user;
}
