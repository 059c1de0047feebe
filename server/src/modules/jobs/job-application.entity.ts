import { ArrayType, OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import type { JobApplicationStatus } from '../../../../domain/jobs.js';
import { Node } from '../../graphql/node.js';
import { User } from '../users/index.js';
import { Job } from './job.entity.js';

/**
 * A person's application to a job: their message and the posts they chose from their accepted
 * credits (docs/product.md §Jobs). One per person and job (a unique index). Its status, posts and
 * comments are resolved per viewer in job-application.resolver.ts.
 */
@ObjectType('JobApplication', { implements: Node, description: 'Someone’s application to a job, with their message and the credited posts they chose.' })
@Entity({ tableName: 'job_applications' })
@Unique({ name: 'job_applications_job_applicant_unique', properties: ['job', 'applicant'] })
export class JobApplication {
  [OptionalProps]?: 'message' | 'postIds' | 'status' | 'createdAt' | 'updatedAt' | 'decidedAt' | 'closingToldAt';

  @Field(() => Int, { name: 'databaseId', description: 'The application’s number in Byline’s database; use id for everything else.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Job, { ref: true, deleteRule: 'cascade' })
  job!: Ref<Job>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  applicant!: Ref<User>;

  @Field(() => String, { description: 'Plain text from the applicant, up to 5,000 characters; show it escaped.' })
  @Property({ type: 'text', default: '' })
  message: string = '';

  /** The chosen posts, in the applicant's order (at most 12); resolved to `posts`, visible ones only. */
  @Property({ type: new ArrayType((value) => Number(value)), columnType: 'int[]', defaultRaw: "'{}'" })
  postIds: number[] = [];

  @Property({ type: 'string', length: 16, default: 'new' })
  status: JobApplicationStatus = 'new';

  @Field(() => Date, { description: 'When it was sent (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { description: 'When it last changed stage or was withdrawn (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /** When the team hired or declined the applicant. */
  @Property({ type: 'datetime', nullable: true })
  decidedAt: Date | null = null;

  /** When the applicant was told the job closed without a decision: at most once. */
  @Property({ type: 'datetime', nullable: true })
  closingToldAt: Date | null = null;
}

/** A note of the hiring team about an application; never shown to the applicant. */
@ObjectType('JobApplicationComment', { implements: Node, description: 'A note the hiring team wrote about an application; only its active managers and members see it.' })
@Entity({ tableName: 'job_application_comments' })
export class JobApplicationComment {
  [OptionalProps]?: 'createdAt' | 'author';

  @Field(() => Int, { name: 'databaseId', description: 'The comment’s number in Byline’s database; use id for everything else.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => JobApplication, { ref: true, deleteRule: 'cascade' })
  application!: Ref<JobApplication>;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  author: Ref<User> | null = null;

  @Field(() => String, { description: 'Plain text, 1 to 2,000 characters; show it escaped.' })
  @Property({ type: 'text' })
  body!: string;

  @Field(() => Date, { description: 'When it was written (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
