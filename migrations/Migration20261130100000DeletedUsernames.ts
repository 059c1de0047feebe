import { Migration } from '@mikro-orm/migrations';

/**
 * docs/product.md §Pages: the address of a deleted account answers 410 Gone, not 404. The account's
 * row goes for good, so the name it held is kept here (lower case, as usernames are unique in any
 * case), written in the deleting transaction. A name taken again is a profile again: the lookup asks
 * for the profile first.
 */
export class Migration20261130100000DeletedUsernames extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "deleted_usernames" ("username" varchar(29) primary key, "deleted_at" timestamptz not null default now())`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "deleted_usernames"`);
  }
}
