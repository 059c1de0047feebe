import { Migration } from '@mikro-orm/migrations';

/**
 * The top search asks for people, tags, roles and accounts, never posts, but posts are most of
 * the index (1,000,000 of 1,300,000 documents in the benchmark's set): through the one GIN index a
 * word common in captions ("tokyo", a brand) fetched tens of thousands of post documents only to
 * drop them. A partial GIN index of the other documents answers those searches alone
 * (postgres-search.engine.ts adds `kind <> 'post'` when posts are not asked for).
 *
 * /explore's default order (most viewed first, explore.service.ts) sorted every imported post to
 * show 24; an index in that order lets it read the first rows and stop.
 */
export class Migration20261127120000SearchSpeed extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "search_documents_document_not_post_index" on "search_documents" using gin ("document") where "kind" <> 'post'`);
    this.addSql(`create index "posts_explore_views_index" on "posts" ("views" desc nulls last, "id" desc) where "import_status" = 'imported' and "is_deleted" = false`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "posts_explore_views_index"`);
    this.addSql(`drop index "search_documents_document_not_post_index"`);
  }
}
