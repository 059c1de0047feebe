import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../graphql/node.js';
import { Post } from '../posts/post.entity.js';
import { User } from '../users/user.entity.js';
import { CreditRole } from './credit-role.entity.js';

/** A person credited on a post in a role. One user-role pair per post. */
@ObjectType('Credit', { implements: Node, description: 'A person credited on a post in a role.' })
@Entity({ tableName: 'credits' })
@Unique({ name: 'credits_post_user_role_unique', properties: ['post', 'user', 'role'] })
export class Credit {
  [OptionalProps]?: 'createdAt';

  @Field(() => Int, { name: 'databaseId', description: 'The credit’s number in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Post, { ref: true, deleteRule: 'cascade' })
  post!: Ref<Post>;

  @Index({ name: 'credits_user_id_index' })
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Index({ name: 'credits_role_id_index' })
  @ManyToOne(() => CreditRole, { ref: true })
  role!: Ref<CreditRole>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
