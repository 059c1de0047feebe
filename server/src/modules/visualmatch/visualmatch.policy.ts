import { canSeeProPages, hasPaidAccess } from '../../../../domain/permissions.js';
import { VISUAL_MATCH_MESSAGES, canUseImageSearch } from '../../../../domain/visual-match.js';
import { Forbidden } from '../../errors/app-errors.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireViewer } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import { loadViewerAccess } from '../teams/index.js';

/** Whether the viewer may search by image (docs/product.md §Paid access: PRO); the client hides the page behind the same rule. */
export async function mayUseImageSearch(em: EntityManager, viewer: Viewer): Promise<boolean> {
  const subject = await loadViewerAccess(em, viewer);
  return canUseImageSearch({ hasPaidAccess: hasPaidAccess(subject), seeProPages: canSeeProPages(subject) });
}

/**
 * Signed in (else the sign-up prompt) and PRO; anyone else is refused with the words of
 * docs/product.md §Search, which the client shows as the upgrade prompt.
 */
export async function requireImageSearchViewer(context: { em: EntityManager; viewer: Viewer | null }): Promise<Viewer> {
  const viewer = requireViewer(context);
  if (!(await mayUseImageSearch(context.em, viewer))) throw new Forbidden(VISUAL_MATCH_MESSAGES.upgrade, { upgrade: 'Pro' });
  return viewer;
}
