import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks may subscribe to a project's events (docs/product.md §Webhooks): the stored sets of
 * events accept the new names.
 */
export class Migration20261129170200ProjectWebhooks extends Migration {
  override async up(): Promise<void> {
    for (const statement of eventChecks(`${OLD_EVENTS}, ${PROJECT_EVENTS}`)) this.addSql(statement);
  }

  override async down(): Promise<void> {
    for (const statement of eventChecks(OLD_EVENTS)) this.addSql(statement);
  }
}

const OLD_EVENTS = `'POST_IMPORTED', 'CREDIT_ADDED', 'CREDIT_ACCEPTED', 'CREDIT_DECLINED', 'TEAM_MEMBER_JOINED'`;
const PROJECT_EVENTS = `'PROJECT_CREATED', 'PROJECT_UPDATED', 'PROJECT_COLLABORATOR_ADDED', 'PROJECT_COLLABORATOR_REMOVED', 'PROJECT_COLLABORATOR_RESPONDED'`;

function eventChecks(events: string): string[] {
  return [
    `alter table "webhooks" drop constraint "webhooks_events_check", add constraint "webhooks_events_check" check (cardinality("events") > 0 and "events" <@ array[${events}])`,
    `alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_check", add constraint "webhook_deliveries_event_check" check ("event" in (${events}))`,
  ];
}
