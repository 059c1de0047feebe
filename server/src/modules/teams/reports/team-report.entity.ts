import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../../graphql/node.js';
import { Post } from '../../posts/index.js';
import { SocialAccount } from '../../networks/index.js';
import { User } from '../../users/index.js';
import { Team } from '../team.entity.js';
import { TeamReportKindEnum, type TeamReportKind } from './team-report.enums.js';

/** A named set of posts or accounts whose numbers the team follows over time. */
@ObjectType('TeamReport', { implements: Node, description: 'A team’s saved report: a named set of posts or accounts with their numbers over time, exportable as CSV.' })
@Entity({ tableName: 'team_reports' })
export class TeamReport {
  [OptionalProps]?: 'createdAt' | 'createdBy';

  @Field(() => Int, { name: 'databaseId', description: 'The report’s number in its CSV link and the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Team, { ref: true, deleteRule: 'cascade' })
  team!: Ref<Team>;

  @Field(() => String, { description: 'The report’s name, 1 to 120 characters.' })
  @Property({ type: 'string', length: 120 })
  name!: string;

  @Field(() => TeamReportKindEnum, { description: 'Whether it follows posts (POSTS) or social accounts and their posts (ACCOUNTS).' })
  @Property({ type: 'string', length: 16 })
  kind!: TeamReportKind;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy: Ref<User> | null = null;

  @Field(() => Date, { description: 'When the report was saved (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** One post or one account of a report. */
@Entity({ tableName: 'team_report_items' })
export class TeamReportItem {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => TeamReport, { ref: true, deleteRule: 'cascade' })
  report!: Ref<TeamReport>;

  @ManyToOne(() => Post, { ref: true, nullable: true, deleteRule: 'cascade' })
  post: Ref<Post> | null = null;

  @ManyToOne(() => SocialAccount, { ref: true, nullable: true, deleteRule: 'cascade' })
  socialAccount: Ref<SocialAccount> | null = null;
}
