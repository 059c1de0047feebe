import { Migration } from '@mikro-orm/migrations';

/**
 * /explore's words (`q`) match captions anywhere in them (`caption ilike '%…%'`, explore.service.ts):
 * without a trigram index that read all 1,000,000 posts of the benchmark's set (seconds). With it,
 * PostgreSQL finds the matching captions through GIN and ORs them with the posts of accounts whose
 * handle or display name match (those columns have had trigram indexes since the first migrations).
 */
export class Migration20261127140000ExploreWords extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "posts_caption_trgm_index" on "posts" using gin ("caption" gin_trgm_ops)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "posts_caption_trgm_index"`);
  }
}
