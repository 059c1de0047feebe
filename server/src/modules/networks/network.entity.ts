import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../graphql/node.js';

/** The 11 social networks (docs/product.md §Posts); a lookup table seeded by the first migration. */
@ObjectType('Network', { implements: Node, description: 'A social network Byline imports posts from.' })
@Entity({ tableName: 'social_networks' })
export class Network {
  @Field(() => Int, { name: 'databaseId', description: 'The network’s number in the REST API and in page links (1 Twitter … 11 Snapchat).' })
  @PrimaryKey({ type: 'smallint', autoincrement: false })
  id!: number;

  @Field(() => String, { description: 'Stable machine name, e.g. tiktok.' })
  @Property({ type: 'string', length: 32, unique: true })
  name!: string;

  @Field(() => String, { description: 'The name to show, e.g. TikTok.' })
  @Property({ type: 'string', length: 64 })
  title!: string;

  @Field(() => String, { description: 'Name of the profile field holding the user URL, e.g. twitterUrl.' })
  @Property({ type: 'string', length: 32 })
  userUrlField!: string;

  @Field(() => Boolean, { description: 'Whether handles are written with an @ sign.' })
  @Property({ type: 'boolean' })
  usesAtHandle!: boolean;

  @Field(() => Boolean, { description: 'Whether the network has its own place on the dashboard (Twitter, Instagram, Facebook, YouTube, TikTok, Snapchat).' })
  @Property({ type: 'boolean' })
  showOnDashboard!: boolean;

  @Field(() => String, { nullable: true, description: 'The start of a profile link on the network (https://x.com/), to which a handle is added; null where profiles have no such link.' })
  @Property({ type: 'string', length: 128, nullable: true })
  profileBaseUrl: string | null = null;
}
