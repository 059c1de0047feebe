import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import type { ProjectConceptKind } from '../../../../domain/project-concepts.js';
import { Node } from '../../graphql/node.js';
import { User } from '../users/index.js';
import { ProjectConceptKindEnum } from './concept.enums.js';
import { Project } from './project.entity.js';

/**
 * A reference on a project's board (docs/product.md §Projects): an uploaded picture, a link to a
 * post or a note, with an optional caption, shown in `position` order. A post concept keeps the
 * link's identity, not a post row, so it shows the post once its import finishes (concept.resolver.ts).
 */
@ObjectType('ProjectConcept', { implements: Node, description: 'A reference on a project’s board: a picture, a post or a note, with an optional caption.' })
@Entity({ tableName: 'project_concepts' })
@Index({ name: 'project_concepts_project_position_index', properties: ['project', 'position', 'id'] })
export class ProjectConcept {
  [OptionalProps]?: 'caption' | 'note' | 'pictureVersion' | 'postNetworkId' | 'postExternalId' | 'postUrl' | 'createdBy' | 'createdAt' | 'updatedAt';

  @Field(() => Int, { name: 'databaseId', description: 'The concept’s number in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Project, { ref: true, deleteRule: 'cascade' })
  project!: Ref<Project>;

  @Field(() => ProjectConceptKindEnum, { description: 'PICTURE, POST or NOTE: which of pictureUrl, post or note carries it.' })
  @Property({ type: 'string', length: 16 })
  kind!: ProjectConceptKind;

  @Field(() => String, { nullable: true, description: 'Up to 280 characters; null when none.' })
  @Property({ type: 'string', length: 280, nullable: true })
  caption: string | null = null;

  @Field(() => String, { nullable: true, description: 'A NOTE’s text, up to 2,000 characters, line breaks kept; null for other kinds.' })
  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  /** Changes with each picture stored, so the picture's address may be cached for good. */
  @Property({ type: 'string', length: 16, nullable: true })
  pictureVersion: string | null = null;

  @Property({ type: 'smallint', nullable: true })
  postNetworkId: number | null = null;

  @Property({ type: 'string', length: 128, nullable: true })
  postExternalId: string | null = null;

  @Field(() => String, { nullable: true, description: 'A POST’s link as Byline recognised it (normalised); null for other kinds.' })
  @Property({ type: 'text', nullable: true })
  postUrl: string | null = null;

  @Field(() => Int, { description: 'Where the concept sits on the board: concepts are listed by position, smallest first. Change it with moveProjectConcept.' })
  @Property({ type: 'integer' })
  position!: number;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy: Ref<User> | null = null;

  @Field(() => Date, { description: 'When the concept was added (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { description: 'When its caption or note last changed (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
