import { Migration } from '@mikro-orm/migrations';

/**
 * The top search stops after the best N of a kind instead of scoring every match (issue 12's
 * speed target; postgres-search-query.ts). Per kind, documents without typos rank by a few flags
 * and then by popularity, so each flag group's best N is:
 * - `search_documents_popularity_index`: a walk of the kind in popularity order (the ranking's
 *   own tie-break, column for column) that stops after N documents matching the tsquery, when
 *   matches are common ("maya": 3,300 people; "northwind": 10,000 accounts);
 * - `search_documents_title_index`: the documents whose normalised title is the text or starts
 *   with it (`text_pattern_ops` serves `like 'abc%'` whatever the collation).
 * - one GIN index of the tsvector per kind, for a flag group the walk could not fill (a rare
 *   word): the shared one returned every kind's matches (6,600 documents for "okafor", to find
 *   that no tag has it).
 * Posts are left out like the top search leaves them out (they are most of the index).
 */
const KINDS = ['user', 'tag', 'role', 'account'] as const;

export class Migration20261127170000SearchTopN extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "search_documents_popularity_index" on "search_documents"
      ("kind", "followers" desc, "credited_posts" desc, "views" desc, "title", "entity_id") where "kind" <> 'post'`);
    this.addSql(`create index "search_documents_title_index" on "search_documents"
      ("kind", search_normalize("title") text_pattern_ops) where "kind" <> 'post'`);
    for (const kind of KINDS) {
      this.addSql(`create index "search_documents_document_${kind}_index" on "search_documents" using gin ("document") where "kind" = '${kind}'`);
    }
    // Statistics of the indexed expression, so the planner knows how common a title prefix is
    // before autovacuum's next analyze.
    this.addSql(`analyze "search_documents"`);
  }

  override async down(): Promise<void> {
    for (const kind of KINDS) this.addSql(`drop index "search_documents_document_${kind}_index"`);
    this.addSql(`drop index "search_documents_title_index"`);
    this.addSql(`drop index "search_documents_popularity_index"`);
  }
}
