import { Migration } from '@mikro-orm/migrations';

/**
 * The search index (issue 12).
 *
 * - `search_documents`: one denormalised row per searchable thing (person, tag, role, posting
 *   account, public post) with its normalised words (`words`, for scoring), a `tsvector` over
 *   them (`document`, GIN: finds candidates) and its popularity numbers. Only the drain job
 *   (search-outbox.drain.ts) writes it, so the index never holds what the source tables no
 *   longer allow to be seen (a deleted user, a post made private).
 * - `search_words`: the vocabulary of every indexed word with a trigram GIN index. A typed word
 *   is matched against the vocabulary (prefix with LIKE, typos with trigram similarity then
 *   levenshtein), the way Meilisearch matches a query word against its word dictionary; the
 *   matched words then find documents through `document`.
 * - `search_outbox`: triggers on the source tables write a row in the same transaction as the
 *   change (and a NOTIFY that wakes the drain), so a committed change always reaches the index.
 *   One row per thing: repeated changes before a drain coalesce.
 */
export class Migration20261125160000SearchIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists unaccent`);
    this.addSql(`create extension if not exists fuzzystrmatch`);
    // unaccent() is only STABLE (its dictionary could change); naming the dictionary makes the
    // wrapper safe to declare IMMUTABLE, which indexes and generated columns require.
    this.addSql(`create or replace function search_normalize(text) returns text language sql immutable parallel safe strict
      as $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`);
    this.addSql(`create or replace function search_words_of(text) returns text[] language sql immutable parallel safe
      as $$ select coalesce(array_agg(distinct w order by w), '{}'::text[])
              from regexp_split_to_table(search_normalize(coalesce($1, '')), '[^[:alnum:]]+') as w
             where w <> '' and length(w) <= 40 $$`);

    this.addSql(`create table "search_documents" (
      "kind" varchar(16) not null check ("kind" in ('user', 'tag', 'role', 'account', 'post')),
      "entity_id" int not null,
      "title" text not null,
      "subtitle" text null,
      "image_url" text null,
      "page_key" text null,
      "tag_type_id" smallint null,
      "network" varchar(32) null,
      "words" text[] not null,
      "document" tsvector not null,
      "followers" bigint not null default 0,
      "credited_posts" bigint not null default 0,
      "views" bigint not null default 0,
      "indexed_at" timestamptz not null default now(),
      primary key ("kind", "entity_id")
    )`);
    this.addSql(`create index "search_documents_document_index" on "search_documents" using gin ("document")`);
    this.addSql(`create table "search_words" ("word" text primary key)`);
    this.addSql(`create index "search_words_word_trgm_index" on "search_words" using gin ("word" gin_trgm_ops)`);
    // text_pattern_ops serves `word like 'abc%'` whatever the database collation.
    this.addSql(`create index "search_words_word_prefix_index" on "search_words" ("word" text_pattern_ops)`);

    this.addSql(`create table "search_outbox" (
      "kind" varchar(16) not null,
      "entity_id" int not null,
      "queued_at" timestamptz not null default now(),
      primary key ("kind", "entity_id")
    )`);
    this.addSql(`create or replace function search_enqueue(p_kind text, p_id int) returns void language plpgsql as $$
      begin
        if p_id is null then return; end if;
        insert into search_outbox (kind, entity_id) values (p_kind, p_id) on conflict do nothing;
        -- The pub/sub envelope (server/src/pubsub/notification-envelope.ts); delivered on commit,
        -- and identical notifications of one transaction are delivered once.
        perform pg_notify('byline_events', '{"topic":"search-outbox","payload":null}');
      end $$`);

    this.addSql(`create or replace function search_users_changed() returns trigger language plpgsql as $$
      begin
        perform search_enqueue('user', case when tg_op = 'DELETE' then old.id else new.id end);
        return null;
      end $$`);
    this.addSql(`create trigger "search_users_changed" after insert or delete or update of "username", "name", "avatar_url" on "users"
      for each row execute function search_users_changed()`);

    this.addSql(`create or replace function search_accounts_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then perform search_enqueue('account', old.id); perform search_enqueue('user', old.owner_id); end if;
        if tg_op <> 'DELETE' then perform search_enqueue('account', new.id); perform search_enqueue('user', new.owner_id); end if;
        return null;
      end $$`);
    this.addSql(`create trigger "search_accounts_changed" after insert or update or delete on "social_accounts"
      for each row execute function search_accounts_changed()`);

    this.addSql(`create or replace function search_tags_changed() returns trigger language plpgsql as $$
      begin
        perform search_enqueue('tag', case when tg_op = 'DELETE' then old.id else new.id end);
        return null;
      end $$`);
    this.addSql(`create trigger "search_tags_changed" after insert or update or delete on "tags"
      for each row execute function search_tags_changed()`);

    this.addSql(`create or replace function search_post_tags_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then perform search_enqueue('tag', old.tag_id); end if;
        if tg_op <> 'DELETE' then perform search_enqueue('tag', new.tag_id); end if;
        return null;
      end $$`);
    this.addSql(`create trigger "search_post_tags_changed" after insert or update or delete on "post_tags"
      for each row execute function search_post_tags_changed()`);

    this.addSql(`create or replace function search_credits_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then perform search_enqueue('user', old.user_id); perform search_enqueue('role', old.role_id); end if;
        if tg_op <> 'DELETE' then perform search_enqueue('user', new.user_id); perform search_enqueue('role', new.role_id); end if;
        return null;
      end $$`);
    this.addSql(`create trigger "search_credits_changed" after insert or update or delete on "credits"
      for each row execute function search_credits_changed()`);

    // A post's own document follows every change (its views rank it). Whether it is public
    // also changes the counts of its account, tags, credited people and roles.
    this.addSql(`create or replace function search_posts_changed() returns trigger language plpgsql as $$
      declare
        subject_id int;
        subject_account_id int;
        visibility_changed boolean;
      begin
        if tg_op = 'DELETE' then subject_id := old.id; subject_account_id := old.account_id;
        else subject_id := new.id; subject_account_id := new.account_id; end if;
        perform search_enqueue('post', subject_id);
        if tg_op = 'UPDATE' then
          visibility_changed := old.is_private is distinct from new.is_private or old.is_deleted is distinct from new.is_deleted
            or old.type is distinct from new.type or old.account_id is distinct from new.account_id
            or old.views is distinct from new.views;
          if old.account_id is distinct from new.account_id then perform search_enqueue('account', old.account_id); end if;
        else
          visibility_changed := true;
        end if;
        if visibility_changed then
          perform search_enqueue('account', subject_account_id);
          perform search_enqueue('tag', pt.tag_id) from post_tags pt where pt.post_id = subject_id;
          perform search_enqueue('user', c.user_id) from credits c where c.post_id = subject_id;
          perform search_enqueue('role', c.role_id) from credits c where c.post_id = subject_id;
        end if;
        return null;
      end $$`);
    this.addSql(`create trigger "search_posts_changed" after insert or update or delete on "posts"
      for each row execute function search_posts_changed()`);

    // Everything that exists now is indexed by the first drain.
    this.addSql(`insert into search_outbox (kind, entity_id)
      select 'user', id from users union all select 'account', id from social_accounts
      union all select 'tag', id from tags union all select 'role', id from credit_roles
      union all select 'post', id from posts
      on conflict do nothing`);
  }

  override async down(): Promise<void> {
    for (const table of ['users', 'social_accounts', 'tags', 'post_tags', 'credits', 'posts']) {
      const name = table === 'social_accounts' ? 'accounts' : table;
      this.addSql(`drop trigger if exists "search_${name}_changed" on "${table}"`);
      this.addSql(`drop function if exists search_${name}_changed()`);
    }
    this.addSql(`drop function if exists search_enqueue(text, int)`);
    this.addSql(`drop table if exists "search_outbox"`);
    this.addSql(`drop table if exists "search_words"`);
    this.addSql(`drop table if exists "search_documents"`);
    this.addSql(`drop function if exists search_words_of(text)`);
    this.addSql(`drop function if exists search_normalize(text)`);
  }
}
