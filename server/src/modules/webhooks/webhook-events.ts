import { toGlobalId } from '../../graphql/global-id.js';

/**
 * The events a webhook can subscribe to. Stored and sent under these names, which are also the
 * GraphQL enum's values. Producers call `emitWebhookEvent` in their own transaction: the import
 * (POST_IMPORTED), credits (credit-events.ts), teams (a member joining), projects
 * (project-events.ts) and jobs (application-events.ts).
 */
export const WEBHOOK_EVENTS = [
  'POST_IMPORTED',
  'CREDIT_ADDED',
  'CREDIT_ACCEPTED',
  'CREDIT_DECLINED',
  'TEAM_MEMBER_JOINED',
  'PROJECT_CREATED',
  'PROJECT_UPDATED',
  'PROJECT_COLLABORATOR_ADDED',
  'PROJECT_COLLABORATOR_REMOVED',
  'PROJECT_COLLABORATOR_RESPONDED',
  'JOB_APPLICATION_CREATED',
  'JOB_APPLICATION_UPDATED',
  'JOB_APPLICATION_WITHDRAWN',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  POST_IMPORTED: 'A post the owner tracked was imported. data: { post }.',
  CREDIT_ADDED: 'Someone credited the owner on a post. data: { credit }.',
  CREDIT_ACCEPTED: 'A person accepted a credit the owner gave. data: { credit }.',
  CREDIT_DECLINED: 'A person declined a credit the owner gave. data: { credit }.',
  TEAM_MEMBER_JOINED: 'Someone joined a team the owner manages. data: { team, member }.',
  PROJECT_CREATED: 'A project the owner owns (or whose owning team they manage) was started. data: { project }.',
  PROJECT_UPDATED: 'Such a project’s name, client, dates, status or visibility changed. data: { project, changed } (changed: the names of the fields set).',
  PROJECT_COLLABORATOR_ADDED: 'Someone was invited into such a project. data: { project, collaborator } (an address invited is never sent).',
  PROJECT_COLLABORATOR_REMOVED: 'Someone was taken out of such a project, or left it. data: { project, collaborator, leaving }.',
  PROJECT_COLLABORATOR_RESPONDED: 'An invitee accepted or declined an invitation into such a project. data: { project, collaborator }.',
  JOB_APPLICATION_CREATED: 'Someone applied to a job of a team the owner manages. data: { job, application } (never the message or the team’s comments).',
  JOB_APPLICATION_UPDATED: 'Such an application moved to another stage, or was decided. data: { job, application, changed }.',
  JOB_APPLICATION_WITHDRAWN: 'The applicant withdrew such an application. data: { job, application }.',
};

/** What POST_IMPORTED carries about the post (numbers come later through the API). */
export interface PostImportedData {
  post: {
    /** Global id: pass it to node(id:). */
    id: string;
    databaseId: number;
    url: string;
    /** The network's name, e.g. tiktok. */
    network: string;
    externalId: string;
    caption: string | null;
  };
}

/**
 * An event to send: to every active webhook of `userIds` that subscribes to it. `data` must be
 * JSON; it is the `data` of the delivered body unchanged.
 */
export type WebhookEventInput =
  | { event: 'POST_IMPORTED'; userIds: readonly number[]; data: PostImportedData }
  | { event: Exclude<WebhookEventType, 'POST_IMPORTED'>; userIds: readonly number[]; data: Record<string, unknown> };

/** POST_IMPORTED for the people who were waiting for the post (they tracked its link). */
export function postImportedEvent(userIds: readonly number[], post: Omit<PostImportedData['post'], 'id'>): WebhookEventInput {
  return { event: 'POST_IMPORTED', userIds, data: { post: { id: toGlobalId('Post', post.databaseId), ...post } } };
}
