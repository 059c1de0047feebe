import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { PostType } from '../../../../domain/enums.js';
import type { DeliverableStatus } from '../../../../domain/projects.js';
import { connectionType } from '../../graphql/connection.js';
import { Credit } from '../credits/index.js';
import { PostTypeEnum } from '../posts/index.js';
import { ProjectDeliverable } from './deliverable.entity.js';
import { ProjectDeliverableStatusEnum } from './deliverable.enums.js';
import { Project } from './project.entity.js';

export const ProjectDeliverableConnection = connectionType('ProjectDeliverable', ProjectDeliverable, { totalCount: true });

@InputType('CreateProjectDeliverableInput')
export class CreateProjectDeliverableInput {
  @Field(() => ID, { description: 'The project’s global id.' }) projectId!: string;
  @Field(() => String, { description: '1 to 120 characters.' }) title!: string;
  @Field(() => ID, { description: 'The Network’s global id (see networks).' }) networkId!: string;
  @Field(() => PostTypeEnum) postType!: PostType;
  @Field(() => String, { description: 'YYYY-MM-DD.' }) dueOn!: string;
  @Field(() => [ID], { nullable: true, description: 'ProjectCollaborator global ids of this project (not declined); none when left out.' }) assigneeIds?: string[] | null;
}

@ObjectType('CreateProjectDeliverablePayload')
export class CreateProjectDeliverablePayload {
  @Field(() => ProjectDeliverable) deliverable!: ProjectDeliverable;
}

@InputType('UpdateProjectDeliverableInput', { description: 'A field left out stays as it is. PUBLISHED is set by linking the post (linkProjectDeliverablePost).' })
export class UpdateProjectDeliverableInput {
  @Field(() => ID, { description: 'The ProjectDeliverable’s global id.' }) deliverableId!: string;
  @Field(() => String, { nullable: true }) title?: string | null;
  @Field(() => ID, { nullable: true, description: 'The Network’s global id.' }) networkId?: string | null;
  @Field(() => PostTypeEnum, { nullable: true }) postType?: PostType | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' }) dueOn?: string | null;
  @Field(() => ProjectDeliverableStatusEnum, { nullable: true, description: 'PUBLISHED only once a post is linked.' }) status?: DeliverableStatus | null;
  @Field(() => [ID], { nullable: true, description: 'The whole new list of assignees: ProjectCollaborator global ids of this project; [] for none.' }) assigneeIds?: string[] | null;
}

@ObjectType('UpdateProjectDeliverablePayload')
export class UpdateProjectDeliverablePayload {
  @Field(() => ProjectDeliverable) deliverable!: ProjectDeliverable;
}

@InputType('DeleteProjectDeliverableInput')
export class DeleteProjectDeliverableInput {
  @Field(() => ID, { description: 'The ProjectDeliverable’s global id.' }) deliverableId!: string;
}

@ObjectType('DeleteProjectDeliverablePayload')
export class DeleteProjectDeliverablePayload {
  @Field(() => ID) deletedDeliverableId!: string;
  @Field(() => Project) project!: Project;
}

@InputType('LinkProjectDeliverablePostInput')
export class LinkProjectDeliverablePostInput {
  @Field(() => ID, { description: 'The ProjectDeliverable’s global id.' }) deliverableId!: string;
  @Field(() => String, { description: 'The published post’s link, in any form Byline recognises (share links, mobile hosts, short links).' }) url!: string;
}

@ObjectType('LinkProjectDeliverablePostPayload')
export class LinkProjectDeliverablePostPayload {
  @Field(() => ProjectDeliverable, { description: 'Now PUBLISHED, with its post.' }) deliverable!: ProjectDeliverable;
  @Field(() => Int, { description: 'How many credits this link proposed.' }) proposedCreditCount!: number;
  @Field(() => Int, { description: 'When you may not credit others on this post (someone else’s): how many people were notified instead with an offer to credit themselves.' })
  offeredCreditCount!: number;
}

@InputType('AcceptProjectCreditOfferInput')
export class AcceptProjectCreditOfferInput {
  @Field(() => ID, { description: 'The ProjectDeliverable’s global id, from the PROJECT_CREDIT_OFFER notification.' }) deliverableId!: string;
}

@ObjectType('AcceptProjectCreditOfferPayload')
export class AcceptProjectCreditOfferPayload {
  @Field(() => Credit, { description: 'Your credit on the deliverable’s post in your project role (the one you held already, if any).' }) credit!: Credit;
  @Field(() => ProjectDeliverable) deliverable!: ProjectDeliverable;
}
