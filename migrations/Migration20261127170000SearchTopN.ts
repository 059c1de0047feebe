import { Migration } from '@mikro-orm/migrations';

/**
 * The top search stops after the best N of a kind instead of scoring every match (issue 12's
 * speed target; postgres-search-query.ts). Per kind, documents without typos rank by a few flags
 * and then by popularity, so each flag group's best N is:
 * - `search_documents_popularity_index`: a walk of the kind in popularity order (the ranking's
 *   own tie-break, column for column) that stops after N documents matching the tsquery, when
 *   matches are common ("maya": 3,300 people; "northwind": 10,000 accounts). It carries the
 *   tsvector, so the walk is an index-only scan (1,000 rows in about 0.5 ms, no table reads);
 * - `search_documents_title_index`: the documents whose normalised title is the text or starts
 *   with it (`text_pattern_ops` serves `like 'abc%'` whatever the collation).
 * - one GIN index of the tsvector per kind, for a flag group the walk could not fill (a rare
 *   word): the shared one returned every kind's matches (6,600 documents for "okafor", to find
 *   that no tag has it).
 * - trigram indexes of the vocabulary by word length, for the typo candidates of a word: the one
 *   over every word returned thousands of long handles containing it ("studio": 11,722
 *   candidates, 0.1–0.4 s), each read from the table to be thrown away.
 * Posts are left out like the top search leaves them out (they are most of the index).
 */
const KINDS = ['user', 'tag', 'role', 'account'] as const;
/** The bands as they are now: the migration must not change when the engine's code does. */
const TRIGRAM_BANDS: ReadonlyArray<readonly [number, number]> = Array.from({ length: 10 }, (_, k) => [4 * k + 1, 4 * k + 8] as const);

export class Migration20261127170000SearchTopN extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "search_documents_popularity_index" on "search_documents"
      ("kind", "followers" desc, "credited_posts" desc, "views" desc, "title", "entity_id") include ("document") where "kind" <> 'post'`);
    this.addSql(`create index "search_documents_title_index" on "search_documents"
      ("kind", search_normalize("title") text_pattern_ops) where "kind" <> 'post'`);
    for (const kind of KINDS) {
      this.addSql(`create index "search_documents_document_${kind}_index" on "search_documents" using gin ("document") where "kind" = '${kind}'`);
    }
    // Typo candidates among the words of about the query word's length (postgres-search-vocabulary.ts).
    for (const [lo, hi] of TRIGRAM_BANDS) {
      this.addSql(`create index "search_words_trgm_${lo}_${hi}_index" on "search_words" using gin ("word" gin_trgm_ops) where length("word") between ${lo} and ${hi}`);
    }
    // Statistics of the indexed expressions, so the planner knows how common a title prefix is
    // before autovacuum's next analyze.
    this.addSql(`analyze "search_documents", "search_words"`);
  }

  override async down(): Promise<void> {
    for (const [lo, hi] of TRIGRAM_BANDS) this.addSql(`drop index "search_words_trgm_${lo}_${hi}_index"`);
    for (const kind of KINDS) this.addSql(`drop index "search_documents_document_${kind}_index"`);
    this.addSql(`drop index "search_documents_title_index"`);
    this.addSql(`drop index "search_documents_popularity_index"`);
  }
}
