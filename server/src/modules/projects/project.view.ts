import type { CollaboratorPermission, CollaboratorStatus, ProjectStatus, ProjectVisibility } from '../../../../domain/projects.js';
import { timestampFromColumn } from '../../db/references.js';

/**
 * What the GraphQL `Project` type reads of a project: a `Project` entity fits, and so does a row
 * read for display only (the list, a project's page), which skips the ORM's hydration, identity map
 * and reference shells: building entities was the largest share of the list's CPU after its SQL
 * (bench/README.md). Relations are ids; field resolvers load them through batched loaders.
 */
export interface ProjectView {
  id: number;
  publicId: string;
  name: string;
  slug: string;
  clientUser: { id: number } | null;
  clientName: string | null;
  /** YYYY-MM-DD. */
  startsOn: string | null;
  endsOn: string | null;
  status: ProjectStatus;
  visibility: ProjectVisibility;
  ownerUser: { id: number } | null;
  ownerTeam: { id: number } | null;
  budgetAmount: number | null;
  budgetCurrency: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastActivityAt: Date;
}

/** The projects columns as `em.execute` returns them for `select p.*` (dates and timestamps as text, bigints as text). */
export interface ProjectColumns {
  id: number;
  public_id: string;
  name: string;
  slug: string;
  client_user_id: number | null;
  client_name: string | null;
  starts_on: string | null;
  ends_on: string | null;
  status: ProjectStatus;
  visibility: ProjectVisibility;
  owner_user_id: number | null;
  owner_team_id: number | null;
  budget_amount: string | number | null;
  budget_currency: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  last_activity_at: string | Date;
}

const idOrNull = (id: number | null) => (id === null ? null : { id: Number(id) });

export function projectViewFromColumns(row: ProjectColumns): ProjectView {
  return {
    id: Number(row.id),
    publicId: row.public_id,
    name: row.name,
    slug: row.slug,
    clientUser: idOrNull(row.client_user_id),
    clientName: row.client_name,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    status: row.status,
    visibility: row.visibility,
    ownerUser: idOrNull(row.owner_user_id),
    ownerTeam: idOrNull(row.owner_team_id),
    // Minor units stay within 2^53.
    budgetAmount: row.budget_amount === null ? null : Number(row.budget_amount),
    budgetCurrency: row.budget_currency,
    createdAt: timestampFromColumn(row.created_at),
    updatedAt: timestampFromColumn(row.updated_at),
    lastActivityAt: timestampFromColumn(row.last_activity_at),
  };
}

/** What the GraphQL `ProjectCollaborator` type reads: the entity fits, and so does a row read for the collaborators tab. */
export interface ProjectCollaboratorView {
  id: number;
  project: { id: number };
  user: { id: number } | null;
  invitedEmail: string | null;
  creditRole: { id: number };
  permission: CollaboratorPermission;
  status: CollaboratorStatus;
  invitedBy: { id: number } | null;
  createdAt: Date;
  respondedAt: Date | null;
}

/** A project_collaborators row (`select t.*`), the claim token's hash left out. */
export interface ProjectCollaboratorColumns {
  id: number;
  project_id: number;
  user_id: number | null;
  invited_email: string | null;
  credit_role_id: number;
  permission: CollaboratorPermission;
  status: CollaboratorStatus;
  invited_by_id: number | null;
  created_at: string | Date;
  responded_at: string | Date | null;
}

export function collaboratorViewFromColumns(row: ProjectCollaboratorColumns): ProjectCollaboratorView {
  return {
    id: Number(row.id),
    project: { id: Number(row.project_id) },
    user: idOrNull(row.user_id),
    invitedEmail: row.invited_email,
    creditRole: { id: Number(row.credit_role_id) },
    permission: row.permission,
    status: row.status,
    invitedBy: idOrNull(row.invited_by_id),
    createdAt: timestampFromColumn(row.created_at),
    respondedAt: row.responded_at === null ? null : timestampFromColumn(row.responded_at),
  };
}
