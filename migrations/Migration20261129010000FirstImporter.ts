import { Migration } from '@mikro-orm/migrations';

/**
 * Posts imported through the track box now record their first importer in `created_by_id`
 * (docs/product.md §Credits: the first importer may credit other people on the post; tracking a
 * post someone else imported gives no such right). Posts imported before kept it only as track
 * requests, so each gets the earliest request made before the post existed: the one its import
 * answered. Requests made later (tracking an existing post) do not count.
 */
export class Migration20261129010000FirstImporter extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update "posts" p
                    set "created_by_id" = first."user_id"
                   from (select distinct on (r."network_id", r."external_id") r."network_id", r."external_id", r."user_id", r."created_at"
                           from "post_track_requests" r
                          order by r."network_id", r."external_id", r."created_at", r."id") first
                  where p."created_by_id" is null
                    and first."network_id" = p."network_id" and first."external_id" = p."external_id"
                    and first."created_at" <= p."created_at"`);
  }

  override async down(): Promise<void> {
    // Which importers came from this backfill is not recorded; leaving them is harmless.
  }
}
