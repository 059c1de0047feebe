import {
  COLLABORATOR_PERMISSIONS,
  COLLABORATOR_STATUSES,
  PROJECT_STATUSES,
  PROJECT_VISIBILITIES,
  type CollaboratorPermission,
  type CollaboratorStatus,
  type ProjectStatus,
  type ProjectVisibility,
} from '../../../../domain/projects.js';
import { closedSetEnum, screamingKeys } from '../../graphql/enums.js';

export const ProjectStatusEnum = closedSetEnum<ProjectStatus>('ProjectStatus', screamingKeys(PROJECT_STATUSES), 'Where a project stands.', {
  PLANNING: 'Being planned: concepts, people and dates.',
  IN_PRODUCTION: 'Being made.',
  DELIVERED: 'Its work is out.',
  ARCHIVED: 'Put away: kept, and still listed; filter the projects list by status to find or leave them out.',
});

export const ProjectVisibilityEnum = closedSetEnum<ProjectVisibility>('ProjectVisibility', screamingKeys(PROJECT_VISIBILITIES), 'Who may open a project.', {
  PRIVATE: 'Its owner, its accepted collaborators and, for a team’s project, the team’s managers and active members.',
  PUBLIC: 'Anyone, signed out included; costs stay private.',
});

export const ProjectPermissionEnum = closedSetEnum<CollaboratorPermission>('ProjectPermission', screamingKeys(COLLABORATOR_PERMISSIONS), 'What a collaborator may do in a project.', {
  OWNER: 'Everything, including managing collaborators.',
  EDITOR: 'Change the project and see its costs.',
  VIEWER: 'Read the project, without its costs.',
});

export const ProjectCollaboratorStatusEnum = closedSetEnum<CollaboratorStatus>('ProjectCollaboratorStatus', screamingKeys(COLLABORATOR_STATUSES), 'Where an invitation to a project stands.', {
  PENDING: 'Invited, waiting for the invitee’s answer; grants nothing yet.',
  ACCEPTED: 'In the project, with the permission given.',
  DECLINED: 'The invitee said no; grants nothing.',
});
