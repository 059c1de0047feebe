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

@InputType('CreateProjectDeliverableInput', { description: 'A new deliverable of a project: title, network, kind of post, due day and assignees.' })
export class CreateProjectDeliverableInput {
  @Field(() => ID, { description: 'The project’s global id.' }) projectId!: string;
  @Field(() => String, { description: '1 to 120 characters.' }) title!: string;
  @Field(() => ID, { description: 'The Network’s global id (see networks).' }) networkId!: string;
  @Field(() => PostTypeEnum, { description: 'The kind of post to publish (VIDEO, IMAGE…).' }) postType!: PostType;
  @Field(() => String, { description: 'YYYY-MM-DD.' }) dueOn!: string;
  @Field(() => [ID], { nullable: true, description: 'ProjectCollaborator global ids of this project (not declined); none when left out.' }) assigneeIds?: string[] | null;
}

@ObjectType('CreateProjectDeliverablePayload', { description: 'The deliverable added.' })
export class CreateProjectDeliverablePayload {
  @Field(() => ProjectDeliverable, { description: 'The new deliverable, TO_DO; its assignees who joined the project are notified.' }) deliverable!: ProjectDeliverable;
}

@InputType('UpdateProjectDeliverableInput', { description: 'A field left out stays as it is. PUBLISHED is set by linking the post (linkProjectDeliverablePost).' })
export class UpdateProjectDeliverableInput {
  @Field(() => ID, { description: 'The ProjectDeliverable’s global id.' }) deliverableId!: string;
  @Field(() => String, { nullable: true, description: 'The new title, 1 to 120 characters.' }) title?: string | null;
  @Field(() => ID, { nullable: true, description: 'The Network’s global id.' }) networkId?: string | null;
  @Field(() => PostTypeEnum, { nullable: true, description: 'The kind of post to publish.' }) postType?: PostType | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' }) dueOn?: string | null;
  @Field(() => ProjectDeliverableStatusEnum, { nullable: true, description: 'PUBLISHED only once a post is linked.' }) status?: DeliverableStatus | null;
  @Field(() => [ID], { nullable: true, description: 'The whole new list of assignees: ProjectCollaborator global ids of this project; [] for none.' }) assigneeIds?: string[] | null;
}

@ObjectType('UpdateProjectDeliverablePayload', { description: 'The deliverable after the change.' })
export class UpdateProjectDeliverablePayload {
  @Field(() => ProjectDeliverable, { description: 'The deliverable, as it now is.' }) deliverable!: ProjectDeliverable;
}

@InputType('DeleteProjectDeliverableInput', { description: 'The deliverable to delete.' })
export class DeleteProjectDeliverableInput {
  @Field(() => ID, { description: 'The ProjectDeliverable’s global id.' }) deliverableId!: string;
}

@ObjectType('DeleteProjectDeliverablePayload', { description: 'Which deliverable was deleted, and its project.' })
export class DeleteProjectDeliverablePayload {
  @Field(() => ID, { description: 'The global id the ProjectDeliverable had, to drop it from a client’s cache.' }) deletedDeliverableId!: string;
  @Field(() => Project, { description: 'The project, without the deliverable.' }) project!: Project;
}

@InputType('LinkProjectDeliverablePostInput', { description: 'A deliverable and the link of the post it went out as.' })
export class LinkProjectDeliverablePostInput {
  @Field(() => ID, { description: 'The ProjectDeliverable’s global id.' }) deliverableId!: string;
  @Field(() => String, { description: 'The published post’s link, in any form Byline recognises (share links, mobile hosts, short links).' }) url!: string;
}

@ObjectType('LinkProjectDeliverablePostPayload', { description: 'The published deliverable and the credits the link set in motion.' })
export class LinkProjectDeliverablePostPayload {
  @Field(() => ProjectDeliverable, { description: 'Now PUBLISHED, with its post.' }) deliverable!: ProjectDeliverable;
  @Field(() => Int, { description: 'How many credits this link proposed.' }) proposedCreditCount!: number;
  @Field(() => Int, { description: 'When you may not credit others on this post (someone else’s): how many people were notified instead with an offer to credit themselves.' })
  offeredCreditCount!: number;
}

@InputType('AcceptProjectCreditOfferInput', { description: 'The published deliverable whose credit offer the viewer takes.' })
export class AcceptProjectCreditOfferInput {
  @Field(() => ID, { description: 'The ProjectDeliverable’s global id, from the PROJECT_CREDIT_OFFER notification.' }) deliverableId!: string;
}

@ObjectType('AcceptProjectCreditOfferPayload', { description: 'The credit taken and its deliverable.' })
export class AcceptProjectCreditOfferPayload {
  @Field(() => Credit, { description: 'Your credit on the deliverable’s post in your project role (the one you held already, if any).' }) credit!: Credit;
  @Field(() => ProjectDeliverable, { description: 'The published deliverable the offer came from.' }) deliverable!: ProjectDeliverable;
}
