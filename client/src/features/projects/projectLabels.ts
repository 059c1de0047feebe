import * as MESSAGES from '@domain/messages';
import type { ProjectPermission, ProjectStatus, ProjectSummaryFragment } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';

/** How a project's status reads (docs/product.md §Projects). */
export const STATUS_LABELS: Readonly<Record<ProjectStatus, string>> = {
  PLANNING: 'Planning',
  IN_PRODUCTION: 'In production',
  DELIVERED: 'Delivered',
  ARCHIVED: 'Archived',
};

export const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as ProjectStatus[]).map((value) => ({ value, label: STATUS_LABELS[value] }));

/** What each project permission lets a collaborator do, as the invite form explains it. */
export const PERMISSION_LABELS: Readonly<Record<ProjectPermission, string>> = {
  OWNER: 'Owner',
  EDITOR: 'Editor',
  VIEWER: 'Viewer',
};

export const PERMISSION_HINTS: Readonly<Record<ProjectPermission, string>> = {
  OWNER: 'Owners change everything, people included.',
  EDITOR: 'Editors change the plan and see costs.',
  VIEWER: 'Viewers see the plan, not the costs.',
};

/** Who owns a project, as its list row and header name them. */
export function ownerName(project: Pick<ProjectSummaryFragment, 'ownerUser' | 'ownerTeam'>): string {
  if (project.ownerTeam) return project.ownerTeam.name;
  const user = project.ownerUser;
  return user?.name ?? (user?.username ? `@${user.username}` : 'Someone');
}

/** "1 Mar 2027 – 30 Apr 2027", one end alone, or null without dates. Dates are calendar days: read in UTC. */
export function projectDates(startsOn: string | null | undefined, endsOn: string | null | undefined, format: (iso: string) => string): string | null {
  if (startsOn && endsOn) return `${format(startsOn)} – ${format(endsOn)}`;
  if (startsOn) return `From ${format(startsOn)}`;
  if (endsOn) return `Until ${format(endsOn)}`;
  return null;
}

/** The server's own words for an expected refusal; the generic message otherwise. */
export function projectErrorMessage(error: unknown): string {
  const refusal = serverRefusal(error);
  return refusal && refusal.code !== 'INTERNAL_SERVER_ERROR' ? refusal.message : MESSAGES.unexpected;
}
