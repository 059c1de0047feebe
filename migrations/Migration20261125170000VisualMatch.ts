import { Migration } from '@mikro-orm/migrations';

/**
 * Visual Match (issue 12): perceptual hashes of each post's stored picture, one row per variant
 * (whole picture and centred crops), with the hash's four 16-bit bands in their own indexed
 * columns for multi-index near-neighbour search (server/src/modules/visualmatch/hash-index.ts).
 */
export class Migration20261125170000VisualMatch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "post_image_hashes" (
      "post_id" int not null references "posts" ("id") on delete cascade,
      "variant" smallint not null check ("variant" >= 0),
      "hash" bigint not null,
      "band0" int not null check ("band0" between 0 and 65535),
      "band1" int not null check ("band1" between 0 and 65535),
      "band2" int not null check ("band2" between 0 and 65535),
      "band3" int not null check ("band3" between 0 and 65535),
      "created_at" timestamptz not null default now(),
      primary key ("post_id", "variant")
    )`);
    for (const band of [0, 1, 2, 3]) {
      this.addSql(`create index "post_image_hashes_band${band}_index" on "post_image_hashes" ("band${band}")`);
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "post_image_hashes"`);
  }
}
