import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../../graphql/node.js';
import { User } from '../../users/index.js';
import { TokenScopeEnum } from './token-scope.enum.js';
import type { TokenScope } from '../../../../../domain/token-scopes.js';

/**
 * A token an integrator sends as `Authorization: Bearer byl_pat_…`. Shown once, stored hashed.
 * Only fields marked `@Field` are public: never the hash, nor the owner (always the viewer).
 */
@ObjectType('PersonalAccessToken', { implements: Node, description: 'A token of yours for integrations (`Authorization: Bearer byl_pat_…`). Its secret is shown only when it is created.' })
@Entity({ tableName: 'personal_access_tokens' })
export class PersonalAccessToken {
  [OptionalProps]?: 'createdAt' | 'scope';

  @Field(() => Int, { name: 'databaseId', description: 'The token’s number.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Field(() => String, { description: 'What the token is for, as its owner named it.' })
  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', length: 64, columnType: 'char(64)' })
  tokenHash!: string;

  /** Last characters of the token, so its owner can tell tokens apart in a list. */
  @Field(() => String, { description: 'The last characters of the secret, to tell tokens apart.' })
  @Property({ type: 'string', length: 8 })
  tokenHint!: string;

  @Field(() => TokenScopeEnum, { description: 'Whether the token may change things or only read.' })
  @Property({ type: 'string', length: 16, default: 'read_write' })
  scope: TokenScope = 'read_write';

  @Field(() => Date, { nullable: true, description: 'When the token stops working; null: never.' })
  @Property({ type: 'datetime', nullable: true })
  expiresAt: Date | null = null;

  @Field(() => Date, { nullable: true, description: 'When the token was last used, to the minute; null: never used.' })
  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  @Field(() => Date, { description: 'When it was created (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
