/**
 * Projects: where a production team plans its work and credits start (docs/product.md
 * §Projects). Server and client read the same rules: the address of a project, its name,
 * and who may see or change it.
 */
import type { TeamMemberRole, TeamMemberStatus } from './enums.js';

export const PROJECT_STATUSES = ['planning', 'in_production', 'delivered', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_VISIBILITIES = ['private', 'public'] as const;
export type ProjectVisibility = (typeof PROJECT_VISIBILITIES)[number];

export const COLLABORATOR_PERMISSIONS = ['owner', 'editor', 'viewer'] as const;
export type CollaboratorPermission = (typeof COLLABORATOR_PERMISSIONS)[number];

export const COLLABORATOR_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type CollaboratorStatus = (typeof COLLABORATOR_STATUSES)[number];

/**
 * What the viewer may do with a project, strongest first. `public` is what anyone (signed out
 * included) gets on a public project: its overview and collaborators, never its costs.
 */
export const PROJECT_ACCESS_LEVELS = ['owner', 'editor', 'viewer', 'public', 'none'] as const;
export type ProjectAccess = (typeof PROJECT_ACCESS_LEVELS)[number];

export const MAX_PROJECT_NAME_LENGTH = 120;
export const MAX_PROJECT_CLIENT_NAME_LENGTH = 120;
/** Slugs are cut here (at a word where possible) so addresses stay readable. */
export const MAX_PROJECT_SLUG_LENGTH = 60;
export const PROJECT_PUBLIC_ID_LENGTH = 10;
/** URL-safe letters and digits without the look-alikes 0/O and 1/l/I, so an id read aloud survives. */
export const PROJECT_PUBLIC_ID_ALPHABET = '23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';

export const PROJECT_MESSAGES = {
  projectNotFound: 'Project not found',
  nameRequired: 'Give the project a name.',
  nameTooLong: `A project name can be at most ${MAX_PROJECT_NAME_LENGTH} characters.`,
  clientNameTooLong: `A client name can be at most ${MAX_PROJECT_CLIENT_NAME_LENGTH} characters.`,
  datesOutOfOrder: 'A project cannot end before it starts.',
  oneClient: 'Name the client once: a company on Byline or a name.',
  collaboratorNotFound: 'Collaborator not found',
  oneInvitee: 'Name exactly one person: a user or an email address.',
  invitationNotFound: 'Invitation not found',
} as const;

/** The name as stored (spaces tidied), or the message saying why it cannot be one. */
export function checkProjectName(raw: string): { name: string } | { error: string } {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length === 0) return { error: PROJECT_MESSAGES.nameRequired };
  if (name.length > MAX_PROJECT_NAME_LENGTH) return { error: PROJECT_MESSAGES.nameTooLong };
  return { name };
}

/**
 * The slug that follows a project's name in its address: lower case ASCII words joined by
 * hyphens ("Café Noir — Spring '27" → "cafe-noir-spring-27"). A name with no letters or digits
 * (emoji only, say) gets "project" (or the fallback given), so an address never ends in a bare "~".
 */
export function slugifyProjectName(name: string, fallback = 'project'): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_PROJECT_SLUG_LENGTH) {
      if (!slug) slug = word.slice(0, MAX_PROJECT_SLUG_LENGTH);
      break;
    }
    slug = next;
  }
  return slug || fallback;
}

const PUBLIC_ID_PATTERN = new RegExp(`^[${PROJECT_PUBLIC_ID_ALPHABET}]{${PROJECT_PUBLIC_ID_LENGTH}}$`);

/** Whether a string can be a project's public id; anything else is not looked up at all. */
export function isProjectPublicId(value: string): boolean {
  return PUBLIC_ID_PATTERN.test(value);
}

/** A public id from random bytes (the caller owns the randomness, so this stays pure). */
export function projectPublicIdFrom(randomBytes: ArrayLike<number>): string {
  if (randomBytes.length < PROJECT_PUBLIC_ID_LENGTH) throw new RangeError(`Need ${PROJECT_PUBLIC_ID_LENGTH} random bytes.`);
  let id = '';
  // 256 is not a multiple of the alphabet's size; the slight bias costs nothing for ids that are only meant to be unguessable-ish and unique (the database checks uniqueness).
  for (let index = 0; index < PROJECT_PUBLIC_ID_LENGTH; index += 1) id += PROJECT_PUBLIC_ID_ALPHABET[randomBytes[index]! % PROJECT_PUBLIC_ID_ALPHABET.length];
  return id;
}

/** The project's page: `/projects/{publicId}~{slug}`. */
export function projectPath(publicId: string, slug: string): string {
  return `/projects/${publicId}~${slug}`;
}

/** What the access rule needs to know; every fact is plain data so the client can run it too. */
export interface ProjectAccessFacts {
  viewer: { userId: number; isAdmin: boolean } | null;
  project: { ownerUserId: number | null; ownerTeamId: number | null; visibility: ProjectVisibility };
  /** The viewer's collaborator row on the project, if any. */
  collaborator: { permission: CollaboratorPermission; status: CollaboratorStatus } | null;
  /** The viewer's membership of the owning team, if the project is a team's and they have one. */
  teamMembership: { role: TeamMemberRole; status: TeamMemberStatus } | null;
}

const STRENGTH: Readonly<Record<ProjectAccess, number>> = { owner: 4, editor: 3, viewer: 2, public: 1, none: 0 };

function strongest(levels: readonly ProjectAccess[]): ProjectAccess {
  return levels.reduce<ProjectAccess>((best, level) => (STRENGTH[level] > STRENGTH[best] ? level : best), 'none');
}

/** What an owning team's membership gives (docs/product.md §Projects). */
function teamGrant(membership: ProjectAccessFacts['teamMembership']): ProjectAccess {
  // Only people working on the team now; an invited or removed person sees nothing yet or any more.
  if (!membership || membership.status !== 'active') return 'none';
  if (membership.role === 'manager') return 'owner';
  if (membership.role === 'member') return 'viewer';
  // A pro_only seat pays for PRO, not for the team's work.
  return 'none';
}

/**
 * The viewer's access to a project (docs/product.md §Projects): the strongest of what each
 * relation gives. The owning person is an owner; a team's active managers are owners and its
 * active members viewers; an accepted collaborator has the permission they were given (a pending
 * or declined one has none). Admins may read every project, to support people and to moderate,
 * but do not change someone else's work: they get viewer (an admin masquerading acts as the
 * person). A public project gives anyone, signed out included, `public`.
 */
export function projectAccess(facts: ProjectAccessFacts): ProjectAccess {
  const { viewer, project, collaborator, teamMembership } = facts;
  const grants: ProjectAccess[] = [project.visibility === 'public' ? 'public' : 'none'];
  if (viewer) {
    if (project.ownerUserId !== null && project.ownerUserId === viewer.userId) grants.push('owner');
    if (project.ownerTeamId !== null) grants.push(teamGrant(teamMembership));
    if (collaborator?.status === 'accepted') grants.push(collaborator.permission);
    if (viewer.isAdmin) grants.push('viewer');
  }
  return strongest(grants);
}

/** What each access level may do; the GraphQL `viewerCan` and every service check read this. */
export function projectAbilities(access: ProjectAccess): { see: boolean; edit: boolean; manageCollaborators: boolean; seeCosts: boolean } {
  return {
    see: access !== 'none',
    edit: access === 'owner' || access === 'editor',
    manageCollaborators: access === 'owner',
    seeCosts: access === 'owner' || access === 'editor',
  };
}

/**
 * The `{publicId}~{slug}` segment of a project's address, read back: null when the id part cannot
 * be a public id (the page is then not found without asking). The slug may be empty, old or wrong:
 * the page redirects to the current one (docs/product.md §Projects).
 */
export function parseProjectAddress(segment: string): { publicId: string; slug: string | null } | null {
  const separator = segment.indexOf('~');
  const publicId = separator === -1 ? segment : segment.slice(0, separator);
  if (!isProjectPublicId(publicId)) return null;
  const slug = separator === -1 ? '' : segment.slice(separator + 1);
  return { publicId, slug: slug || null };
}

/** The project page's tabs, each a sub path of its address ('' is the overview). */
export const PROJECT_TABS = ['', 'concepts', 'deliverables', 'costs', 'collaborators'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

/** The tab a sub path names (`deliverables`, `costs/…`), or null for a sub path no tab has. */
export function projectTabOf(subPath: string): ProjectTab | null {
  const first = subPath.split('/')[0] ?? '';
  return (PROJECT_TABS as readonly string[]).includes(first) ? (first as ProjectTab) : null;
}

/*
 * Deliverables (docs/product.md §Projects): what a project is to publish, each with its network,
 * kind of post, due date, the collaborators assigned to it and where it stands.
 */
export const DELIVERABLE_STATUSES = ['to_do', 'in_progress', 'in_review', 'approved', 'published'] as const;
export type DeliverableStatus = (typeof DELIVERABLE_STATUSES)[number];

export const MAX_DELIVERABLE_TITLE_LENGTH = 120;
/** A deliverable names its assignees; a crew this size is already more than one post's credits. */
export const MAX_DELIVERABLE_ASSIGNEES = 50;

export const DELIVERABLE_MESSAGES = {
  deliverableNotFound: 'Deliverable not found',
  titleRequired: 'Give the deliverable a title.',
  titleTooLong: `A deliverable title can be at most ${MAX_DELIVERABLE_TITLE_LENGTH} characters.`,
  dueDateRequired: 'Give the deliverable a due date as YYYY-MM-DD.',
  assigneeNotInProject: 'Assign only people in this project.',
  tooManyAssignees: `A deliverable can have at most ${MAX_DELIVERABLE_ASSIGNEES} assignees.`,
  publishedNeedsPost: 'Link the published post to mark a deliverable as published.',
  postStillImporting: 'Byline is still importing this post. Try linking it again in a moment.',
  noCreditOffer: 'There is no credit waiting for you on this deliverable.',
} as const;

/** The title as stored (spaces tidied), or the message saying why it cannot be one. */
export function checkDeliverableTitle(raw: string): { title: string } | { error: string } {
  const title = raw.trim().replace(/\s+/g, ' ');
  if (title.length === 0) return { error: DELIVERABLE_MESSAGES.titleRequired };
  if (title.length > MAX_DELIVERABLE_TITLE_LENGTH) return { error: DELIVERABLE_MESSAGES.titleTooLong };
  return { title };
}

/**
 * Overdue: its due day is over and it is not published yet. `today` is the caller's YYYY-MM-DD
 * (the server's UTC day), so the rule stays pure; a deliverable due today is not late yet.
 */
export function isDeliverableOverdue(deliverable: { dueOn: string; status: DeliverableStatus }, today: string): boolean {
  return deliverable.status !== 'published' && deliverable.dueOn < today;
}
