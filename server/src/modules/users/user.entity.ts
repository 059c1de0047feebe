import { ArrayType, OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { UserType } from '../../../../domain/enums.js';
import { Node } from '../../graphql/node.js';
import { UserTypeEnum } from './user.enums.js';

/**
 * A person or a company with a profile. Credentials live in `LoginCredential`; only the fields
 * marked `@Field` are visible through GraphQL, the rest (email, role flags) go through resolvers
 * that check who is asking.
 */
@ObjectType('User', { implements: Node, description: 'A person or a company with a profile on Byline.' })
@Entity({ tableName: 'users' })
@Index({ name: 'users_username_lower_unique', expression: 'create unique index "users_username_lower_unique" on "users" (lower("username"))' })
@Index({ name: 'users_email_lower_unique', expression: 'create unique index "users_email_lower_unique" on "users" (lower("email"))' })
@Index({ name: 'users_username_trgm_index', expression: 'create index "users_username_trgm_index" on "users" using gin ("username" gin_trgm_ops)' })
@Index({ name: 'users_name_trgm_index', expression: 'create index "users_name_trgm_index" on "users" using gin ("name" gin_trgm_ops)' })
// Names as the search compares them (accents and case ignored): the top search's jobs by company name.
@Index({ name: 'users_name_search_trgm_index', expression: `create index "users_name_search_trgm_index" on "users" using gin (search_normalize(coalesce("name", '')) gin_trgm_ops)` })
@Index({ name: 'users_email_trgm_index', expression: 'create index "users_email_trgm_index" on "users" using gin ("email" gin_trgm_ops)' })
export class User {
  [OptionalProps]?: 'roleFlags' | 'createdAt' | 'updatedAt';

  @Field(() => Int, { name: 'databaseId', description: 'The user’s number in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Field(() => String, { nullable: true, description: 'Unique, case-insensitively; null until chosen after sign-up.' })
  @Property({ type: 'string', length: 29, nullable: true })
  username: string | null = null;

  @Property({ type: 'string', length: 320, nullable: true })
  email: string | null = null;

  @Field(() => String, { nullable: true, description: 'The person’s or company’s name, 1 to 120 characters; null until given at sign-up.' })
  @Property({ type: 'string', length: 120, nullable: true })
  name: string | null = null;

  @Field(() => String, { nullable: true, description: 'The profile picture’s address: Byline’s own copy, or the sign-in provider’s picture; null when none.' })
  @Property({ type: 'text', nullable: true })
  avatarUrl: string | null = null;

  @Field(() => UserTypeEnum, { nullable: true, description: 'COMPANY (a brand) or CREATOR; null until chosen at sign-up.' })
  @Enum({ items: () => UserType, nullable: true, columnType: 'smallint' })
  userType: UserType | null = null;

  /** Role flags (docs/product.md §Paid access: 1 approved … 7 teamPro). */
  @Property({ type: new ArrayType((value) => Number(value)), columnType: 'smallint[]', defaultRaw: "'{}'" })
  roleFlags: number[] = [];

  /** When the terms were last acknowledged (docs/product.md §Terms), and which version. */
  @Property({ type: 'datetime', nullable: true })
  termsAcknowledgedAt: Date | null = null;

  @Property({ type: 'string', length: 32, nullable: true })
  termsVersion: string | null = null;

  /**
   * The team the person's team pages, reports and new projects and jobs open on; it grants
   * nothing (docs/product.md §Teams). An id, not a relation: users sit below teams. The database
   * keeps the foreign key (a deleted team empties it). Read and set through the teams module.
   */
  @Property({ type: 'integer', fieldName: 'current_team_id', nullable: true })
  currentTeamId: number | null = null;

  @Field(() => String, { nullable: true, description: 'Geohash of the home location (1 to 9 characters).' })
  @Property({ type: 'string', length: 9, nullable: true })
  locationGeohash: string | null = null;

  /** Profile text, shown on the portfolio; exposed by the profile resolvers. */
  @Property({ type: 'string', length: 1000, nullable: true })
  bio: string | null = null;

  @Property({ type: 'string', length: 2048, nullable: true })
  website: string | null = null;

  /** The readable name of the place `locationGeohash` points at ("Lisbon, Portugal"). */
  @Property({ type: 'string', length: 200, nullable: true })
  locationName: string | null = null;

  /** The Stripe customer paying for this user (billing portal); never a GraphQL field. */
  @Property({ type: 'string', length: 255, nullable: true, unique: 'users_stripe_customer_id_unique' })
  stripeCustomerId: string | null = null;

  /** PRO given by an admin and invoiced outside Stripe lasts until then (docs/product.md §Paid access). */
  @Property({ type: 'datetime', nullable: true })
  externalInvoiceExpiration: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
