import { Migration } from '@mikro-orm/migrations';

/**
 * Someone invited into a project by an address no Byline account has gets a claim link
 * (docs/product.md §Projects): only the SHA-256 of its token is kept, unique, for looking it up.
 */
export class Migration20261129174000ProjectInvitationClaims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "project_collaborators" add column "claim_token_hash" varchar(64) null`);
    this.addSql(`create unique index "project_collaborators_claim_token_hash_unique" on "project_collaborators" ("claim_token_hash")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "project_collaborators_claim_token_hash_unique"`);
    this.addSql(`alter table "project_collaborators" drop column "claim_token_hash"`);
  }
}
