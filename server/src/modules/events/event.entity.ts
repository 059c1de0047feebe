import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, ObjectType } from 'type-graphql';
import { Node } from '../../graphql/node.js';
import { Tag } from '../tags/index.js';

/**
 * An event (docs/product.md §Events): a tag of type 1 with a page at `/{slug}`, its days, its
 * place and a cover. The tag is what posts carry; the event is what its page shows.
 */
@ObjectType('Event', { implements: Node, description: 'An event: a tag of type event with a public page at /{slug}.' })
@Entity({ tableName: 'events' })
export class Event {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'placeName' | 'placeGeohash' | 'coverVersion' | 'coverAlt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @OneToOne(() => Tag, { ref: true, owner: true, unique: 'events_tag_id_unique', deleteRule: 'cascade' })
  tag!: Ref<Tag>;

  @Field(() => String, { description: 'The page’s address: /{slug}. Lower-case words joined by hyphens, unique with usernames.' })
  @Property({ type: 'string', length: 40 })
  slug!: string;

  @Field(() => String, { description: 'The first day, YYYY-MM-DD.' })
  @Property({ type: 'date' })
  startsOn!: string;

  @Field(() => String, { description: 'The last day, YYYY-MM-DD; the same as startsOn for a one-day event.' })
  @Property({ type: 'date' })
  endsOn!: string;

  @Field(() => String, { nullable: true, description: 'The city it takes place in ("Lisbon, Portugal").' })
  @Property({ type: 'string', length: 200, nullable: true })
  placeName: string | null = null;

  @Field(() => String, { nullable: true, description: 'Geohash of the place (1 to 9 characters), as profiles’ locations are.' })
  @Property({ type: 'string', length: 9, nullable: true })
  placeGeohash: string | null = null;

  /** Changes with every cover stored, so each cover's address may be cached for good. */
  @Property({ type: 'string', length: 16, nullable: true })
  coverVersion: string | null = null;

  @Field(() => String, { nullable: true, description: 'What the cover shows, for people who cannot see it.' })
  @Property({ type: 'string', length: 300, nullable: true })
  coverAlt: string | null = null;

  @Field(() => Date, { description: 'When an admin created it (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
