import { DELIVERABLE_STATUSES, type DeliverableStatus } from '../../../../domain/projects.js';
import { closedSetEnum, screamingKeys } from '../../graphql/enums.js';

export const ProjectDeliverableStatusEnum = closedSetEnum<DeliverableStatus>('ProjectDeliverableStatus', screamingKeys(DELIVERABLE_STATUSES), 'Where a deliverable stands, from planned to published.', {
  TO_DO: 'Planned; nobody is on it yet.',
  IN_PROGRESS: 'Being made.',
  IN_REVIEW: 'Made, waiting for the client’s or the owners’ review.',
  APPROVED: 'Approved, waiting to go out.',
  PUBLISHED: 'Out: its post is linked (see post), and its people were offered their credits on it.',
});
