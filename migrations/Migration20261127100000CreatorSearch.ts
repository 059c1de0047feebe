import { Migration } from '@mikro-orm/migrations';

/**
 * The creator search (/creators):
 * - `geohash_centre(text)`: the centre of a geohash cell as {lat, lon}, the same arithmetic as
 *   domain/geohash.ts `decodeGeohash`, so distances can be measured and sorted in the database
 *   (nearest first) without a geography extension;
 * - people's places by prefix: a place filter narrows to the 3×3 cells around the searched cell
 *   (`location_geohash like 'eyck%' or …`) before measuring; `text_pattern_ops` lets a LIKE prefix
 *   use the index whatever the database's collation; only people with a username can be found;
 * - a person's accepted credits by date: "credited in the last N days".
 * Roles held read `credits_accepted_user_role_post_index`; names and usernames their trigram
 * indexes; followers the verified-owner index on social accounts; lists `list_people`.
 */
export class Migration20261127100000CreatorSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function geohash_centre(hash text) returns double precision[]
      language plpgsql immutable strict parallel safe as $$
      declare
        alphabet constant text := '0123456789bcdefghjkmnpqrstuvwxyz';
        lat_lo double precision := -90; lat_hi double precision := 90;
        lon_lo double precision := -180; lon_hi double precision := 180;
        is_lon boolean := true;
        bits int; mid double precision;
      begin
        for i in 1..length(hash) loop
          bits := strpos(alphabet, substr(hash, i, 1)) - 1;
          if bits < 0 then return null; end if;
          for shift in reverse 4..0 loop
            if is_lon then
              mid := (lon_lo + lon_hi) / 2;
              if (bits >> shift) & 1 = 1 then lon_lo := mid; else lon_hi := mid; end if;
            else
              mid := (lat_lo + lat_hi) / 2;
              if (bits >> shift) & 1 = 1 then lat_lo := mid; else lat_hi := mid; end if;
            end if;
            is_lon := not is_lon;
          end loop;
        end loop;
        return array[(lat_lo + lat_hi) / 2, (lon_lo + lon_hi) / 2];
      end $$`);
    this.addSql(`create index "users_location_geohash_prefix_index" on "users" ("location_geohash" text_pattern_ops) where "username" is not null and "location_geohash" is not null`);
    this.addSql(`create index "credits_accepted_user_created_index" on "credits" ("user_id", "created_at") where "status" = 'accepted'`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "credits_accepted_user_created_index"`);
    this.addSql(`drop index "users_location_geohash_prefix_index"`);
    this.addSql(`drop function geohash_centre(text)`);
  }
}
