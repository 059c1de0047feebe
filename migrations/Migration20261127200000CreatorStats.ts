import { Migration } from '@mikro-orm/migrations';

/**
 * Per-person totals of public work for the creator search (/creators), so a page of results is
 * ranked without working out every candidate's portfolio (22–27 s at 100,000 people before).
 *
 * `creator_stats` holds, for each person with a username, what a signed-out visitor would see of
 * their portfolio (the profiles module's rule): posts, views, the networks of those posts and of
 * their verified accounts, the roles of their public credits on them and when the latest was
 * added, and their verified accounts' followers. It is written by the search outbox's drain in the
 * same transaction that removes the person's outbox row, so a person whose row is still queued is
 * exactly a person whose totals may be stale: the search works those out live (see
 * creator-search.service.ts), and reads the stored totals for everyone else.
 *
 * For that to hold, every change to a portfolio must queue its owners. Credits and accounts did
 * already; posts queued their credited people but not their account's owner, whose portfolio
 * holds the posts of their verified accounts, and did not count a change of network.
 */
export class Migration20261127200000CreatorStats extends Migration {
  override async up(): Promise<void> {
    // No foreign key to users: the drain's insert would take a key-share lock on the person's row
    // while deleting an account holds that row and waits for the totals' row (a deadlock, seen in
    // the tests). A deleted person is queued by the users trigger and the drain removes their totals.
    this.addSql(`create table "creator_stats" (
      "user_id" int primary key,
      "posts" int not null default 0,
      "views" bigint not null default 0,
      "followers" bigint not null default 0,
      "role_ids" int[] not null default '{}',
      "network_ids" int[] not null default '{}',
      "last_credited_at" timestamptz null
    )`);
    // The ranking without words or a place (most followed, then credited, then viewed): a page is
    // a walk of this index that stops at the page's end.
    this.addSql(`create index "creator_stats_rank_index" on "creator_stats" ("followers" desc, "posts" desc, "views" desc, "user_id")`);

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
            or old.views is distinct from new.views or old.network_id is distinct from new.network_id;
          if old.account_id is distinct from new.account_id then
            perform search_enqueue('account', old.account_id);
            perform search_enqueue('user', a.owner_id) from social_accounts a where a.id = old.account_id;
          end if;
        else
          visibility_changed := true;
        end if;
        if visibility_changed then
          perform search_enqueue('account', subject_account_id);
          perform search_enqueue('user', a.owner_id) from social_accounts a where a.id = subject_account_id;
          perform search_enqueue('tag', pt.tag_id) from post_tags pt where pt.post_id = subject_id;
          perform search_enqueue('user', c.user_id) from credits c where c.post_id = subject_id;
          perform search_enqueue('role', c.role_id) from credits c where c.post_id = subject_id;
        end if;
        return null;
      end $$`);

    // Everyone's totals are written by the next drains; until then they are worked out live.
    this.addSql(`insert into search_outbox (kind, entity_id) select 'user', id from users where username is not null on conflict do nothing`);
  }

  override async down(): Promise<void> {
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
    this.addSql(`drop table "creator_stats"`);
  }
}
