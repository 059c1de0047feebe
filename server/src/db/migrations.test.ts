import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_ROLES } from '../../../domain/credit-roles.js';
import { TagType } from '../../../domain/enums.js';
import { NETWORK_LIST } from '../../../domain/networks.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';

let database: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

describe('the first migration', () => {
  it('seeds the 11 networks exactly as domain/ describes them', async () => {
    const { rows } = await client.query('select * from social_networks order by id');
    expect(rows).toEqual(
      NETWORK_LIST.map((n) => ({
        id: n.id,
        name: n.name,
        title: n.title,
        user_url_field: n.userUrlField,
        uses_at_handle: n.usesAtHandle,
        show_on_dashboard: n.showOnDashboard,
        profile_base_url: n.profileBaseUrl,
      })),
    );
  });

  it('seeds the credit roles and tag types of domain/', async () => {
    expect((await client.query('select id, name, emoji from credit_roles order by id')).rows).toEqual(CREDIT_ROLES.map((r) => ({ ...r })));
    const tagTypes = (await client.query('select id, name from tag_types order by id')).rows;
    expect(tagTypes).toEqual(Object.entries(TagType).map(([name, id]) => ({ id, name })).sort((a, b) => a.id - b.id));
  });

  it('keeps usernames unique whatever their case', async () => {
    await client.query(`insert into users (username) values ('MixedCase')`);
    await expect(client.query(`insert into users (username) values ('mixedcase')`)).rejects.toThrow(/users_username_lower_unique/);
  });

  it('refuses values outside the spec’s sets', async () => {
    await expect(client.query(`insert into users (username, user_type) values ('typed', 3)`)).rejects.toThrow(/users_user_type_check/);
    await expect(client.query(`insert into users (username, role_flags) values ('flagged', '{8}')`)).rejects.toThrow(/users_role_flags_check/);
    await expect(client.query(`insert into users (username, location_geohash) values ('geo', 'abc!')`)).rejects.toThrow(/users_location_geohash_check/);
    await expect(client.query(`insert into teams (name, plan) values ('t', 'gold')`)).rejects.toThrow(/teams_plan_check/);
  });

  it('allows one post per network and external id', async () => {
    const account = await client.query(`insert into social_accounts (network_id, handle) values (5, 'dup') returning id`);
    const insert = () => client.query(`insert into posts (network_id, external_id, account_id, url) values (5, '1234567890', $1, 'https://www.tiktok.com/@dup/video/1234567890')`, [account.rows[0].id]);
    await insert();
    await expect(insert()).rejects.toThrow(/posts_network_external_id_unique/);
  });
});
