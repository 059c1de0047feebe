import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { PostType } from '../../../../domain/enums.js';
import type { DeliverableStatus } from '../../../../domain/projects.js';
import { Node } from '../../graphql/node.js';
import { Network } from '../networks/index.js';
import { Post, PostTypeEnum } from '../posts/index.js';
import { User } from '../users/index.js';
import { ProjectDeliverableStatusEnum } from './deliverable.enums.js';
import { Project } from './project.entity.js';

/**
 * Something a project is to publish (docs/product.md §Projects): a title, the network and kind of
 * post, a due date, where it stands and, once published, its post. Its assignees are rows of
 * `project_deliverable_assignees` (collaborators of the same project), read in batches by
 * deliverable.loaders.ts; network, post and assignees are resolved in deliverable.resolver.ts.
 */
@ObjectType('ProjectDeliverable', { implements: Node, description: 'Something a project is to publish: its network, kind of post, due date, assignees and status.' })
@Entity({ tableName: 'project_deliverables' })
@Index({ name: 'project_deliverables_project_due_index', properties: ['project', 'dueOn', 'id'] })
@Index({ name: 'project_deliverables_post_id_index', expression: 'create index "project_deliverables_post_id_index" on "project_deliverables" ("post_id") where "post_id" is not null' })
export class ProjectDeliverable {
  [OptionalProps]?: 'status' | 'post' | 'createdBy' | 'createdAt' | 'updatedAt';

  @Field(() => Int, { name: 'databaseId', description: 'The deliverable’s number in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Project, { ref: true, deleteRule: 'cascade' })
  project!: Ref<Project>;

  @Field(() => String, { description: '1 to 120 characters.' })
  @Property({ type: 'string', length: 120 })
  title!: string;

  @ManyToOne(() => Network, { ref: true, columnType: 'smallint', deleteRule: 'restrict' })
  network!: Ref<Network>;

  @Field(() => PostTypeEnum, { description: 'The kind of post to publish.' })
  @Enum({ items: () => PostType, columnType: 'smallint' })
  postType!: PostType;

  @Field(() => String, { description: 'The day it is due, as YYYY-MM-DD.' })
  @Property({ type: 'string', columnType: 'date' })
  dueOn!: string;

  @Field(() => ProjectDeliverableStatusEnum, { description: 'TO_DO, IN_PROGRESS, IN_REVIEW, APPROVED or PUBLISHED (set by linking its post).' })
  @Property({ type: 'string', length: 16, default: 'to_do' })
  status: DeliverableStatus = 'to_do';

  @ManyToOne(() => Post, { ref: true, nullable: true, deleteRule: 'set null' })
  post: Ref<Post> | null = null;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy: Ref<User> | null = null;

  @Field(() => Date, { description: 'When it was added (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { description: 'When it last changed (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
