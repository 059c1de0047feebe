import { ArrayType, BigIntType, OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import type { JobStatus } from '../../../../domain/jobs.js';
import { Node } from '../../graphql/node.js';
import { Team } from '../teams/index.js';
import { User } from '../users/index.js';
import { JobStatusEnum } from './job.enums.js';

/**
 * Work a team offers, published as one of its companies (docs/product.md §Jobs). Indexes and
 * checks are in the migration (Migration20261129200000Jobs). The account, team, roles, place and
 * pay are resolved in job.resolver.ts, batched.
 */
@ObjectType('Job', { implements: Node, description: 'Work a company on Byline offers: the roles it wants, where, the pay and until when.' })
@Entity({ tableName: 'jobs' })
export class Job {
  [OptionalProps]?: 'description' | 'placeGeohash' | 'placeName' | 'placeLat' | 'placeLon' | 'isRemote' | 'payMin' | 'payMax' | 'payCurrency' | 'isUnpaid' | 'deadline' | 'status' | 'publishedAt' | 'closedAt' | 'createdAt' | 'updatedAt';

  @Field(() => Int, { name: 'databaseId', description: 'The job’s number in the REST API; page links use publicId.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Field(() => String, { description: 'Short, random and permanent: the first part of the job’s address.' })
  @Unique({ name: 'jobs_public_id_unique' })
  @Property({ type: 'string', length: 10 })
  publicId!: string;

  @ManyToOne(() => Team, { ref: true, deleteRule: 'cascade' })
  team!: Ref<Team>;

  /** The company the job is published as (a Company user managing the team). */
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  account!: Ref<User>;

  @Field(() => String, { description: 'The job’s title, 1 to 120 characters.' })
  @Property({ type: 'string', length: 120 })
  name!: string;

  /** The title's part of the slug; the account's part follows its current username (job.resolver.ts). */
  @Property({ type: 'string', length: 60 })
  nameSlug!: string;

  /** Credit roles wanted (1 to 10); resolved to `roles`. */
  @Property({ type: new ArrayType((value) => Number(value)), columnType: 'smallint[]' })
  roleIds!: number[];

  @Field(() => String, { description: 'Plain text, up to 10,000 characters; line breaks kept. Show it escaped, linking only web addresses.' })
  @Property({ type: 'text', default: '' })
  description: string = '';

  @Property({ type: 'string', length: 9, nullable: true })
  placeGeohash: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  placeName: string | null = null;

  /** The geohash's centre, kept for the radius filter. */
  @Property({ type: 'double', nullable: true })
  placeLat: number | null = null;

  @Property({ type: 'double', nullable: true })
  placeLon: number | null = null;

  @Field(() => Boolean, { description: 'Work from anywhere; a remote job may still name a place.' })
  @Property({ type: 'boolean', default: false })
  isRemote: boolean = false;

  @Property({ type: new BigIntType('number'), columnType: 'bigint', nullable: true })
  payMin: number | null = null;

  @Property({ type: new BigIntType('number'), columnType: 'bigint', nullable: true })
  payMax: number | null = null;

  @Property({ type: 'string', columnType: 'char(3)', nullable: true })
  payCurrency: string | null = null;

  @Field(() => Boolean, { description: 'The work is unpaid (pay is then null).' })
  @Property({ type: 'boolean', default: false })
  isUnpaid: boolean = false;

  @Field(() => String, { nullable: true, description: 'The last day to apply, as YYYY-MM-DD (UTC); the job closes once it is over.' })
  @Property({ type: 'string', columnType: 'date', nullable: true })
  deadline: string | null = null;

  @Field(() => JobStatusEnum, { description: 'DRAFT (its team only), OPEN (public, taking applications) or CLOSED (final).' })
  @Property({ type: 'string', length: 16, default: 'draft' })
  status: JobStatus = 'draft';

  @Field(() => Date, { nullable: true, description: 'When it was first opened; lists are newest first by this. Null for a draft.' })
  @Property({ type: 'datetime', nullable: true })
  publishedAt: Date | null = null;

  @Field(() => Date, { nullable: true, description: 'When it closed, by hand or when its deadline’s day was over (UTC); null while a draft or open.' })
  @Property({ type: 'datetime', nullable: true })
  closedAt: Date | null = null;

  @Field(() => Date, { description: 'When it was first saved (UTC), as a draft or open.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { description: 'When it last changed (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
