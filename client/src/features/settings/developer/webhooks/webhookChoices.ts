import type { WebhookDeliveryOutcome, WebhookEvent } from '@gql/graphql';

/** Every event a webhook can subscribe to, in the words of the Developer settings (a Record, so a new one cannot be left out). */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEvent, string>> = {
  POST_IMPORTED: 'Post imported',
  CREDIT_ADDED: 'Credit added',
  CREDIT_ACCEPTED: 'Credit accepted',
  CREDIT_DECLINED: 'Credit declined',
  TEAM_MEMBER_JOINED: 'Team member joined',
  PROJECT_CREATED: 'Project created',
  PROJECT_UPDATED: 'Project updated',
  PROJECT_COLLABORATOR_ADDED: 'Project collaborator added',
  PROJECT_COLLABORATOR_REMOVED: 'Project collaborator removed',
  PROJECT_COLLABORATOR_RESPONDED: 'Project collaborator responded',
  JOB_APPLICATION_CREATED: 'Job application received',
  JOB_APPLICATION_UPDATED: 'Job application updated',
  JOB_APPLICATION_WITHDRAWN: 'Job application withdrawn',
};

export const WEBHOOK_EVENT_OPTIONS = (Object.keys(WEBHOOK_EVENT_LABELS) as WebhookEvent[]).map((value) => ({ value, label: WEBHOOK_EVENT_LABELS[value] }));

export const OUTCOME_LABELS: Readonly<Record<WebhookDeliveryOutcome, string>> = {
  SUCCEEDED: 'Delivered',
  RETRYING: 'Will retry',
  FAILED: 'Failed',
};

/** A delivery log page: enough to see an afternoon's events, small enough to read. */
export const DELIVERIES_PAGE_SIZE = 10;
