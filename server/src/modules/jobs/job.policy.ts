import { jobAbilities, jobAccess, mayApply, utcDay, type JobAccess } from '../../../../domain/jobs.js';
import { isAdminViewer } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import type { Job } from './job.entity.js';
import type { ViewerJobRelations } from './job.loaders.js';

/** The access rule of docs/product.md §Jobs applied to a loaded job and the viewer's relations to it. */
export function accessTo(viewer: Viewer | null, job: Pick<Job, 'status'>, relations: ViewerJobRelations): JobAccess {
  return jobAccess({ viewer: viewer ? { userId: viewer.user.id, isAdmin: isAdminViewer(viewer) } : null, status: job.status, membership: relations.membership });
}

/** What `viewerCan` answers, from the same facts every service check reads. */
export function viewerAbilities(viewer: Viewer | null, job: Pick<Job, 'status' | 'deadline'>, access: JobAccess, relations: ViewerJobRelations, now = new Date()): { edit: boolean; seeApplications: boolean; apply: boolean } {
  const { edit, seeApplications } = jobAbilities(access);
  const apply = mayApply({ signedIn: viewer !== null, access, status: job.status, deadline: job.deadline, today: utcDay(now), hasApplied: relations.application !== null });
  return { edit, seeApplications, apply };
}

export { jobAbilities };
