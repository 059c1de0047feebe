import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test-support/factories.js';
import { AVATAR_STORED_WIDTH, avatarFromUpload, readAvatar, saveAvatar, saveAvatars } from './avatar-store.js';
import { useTestOrm } from '../../../test-support/test-orm.js';

const env = useTestOrm();

const square = (r: number, g: number, b: number) => sharp({ create: { width: 40, height: 40, channels: 3, background: { r, g, b } } }).png().toBuffer().then(avatarFromUpload);

describe('saving many people’s pictures at once', () => {
  it('gives each person their picture under a new version, as saveAvatar does, replacing old sizes', async () => {
    const em = env.orm.em.fork();
    const people = [await createUser(em), await createUser(em), await createUser(em)];
    const [green, pink] = await Promise.all([square(30, 200, 60), square(240, 80, 160)]);
    const oldUrl = await saveAvatar(em, people[0]!.id, pink!);
    await readAvatar(em, people[0]!.id, 40); // a smaller size made from the old picture

    await em.transactional((tx) => saveAvatars(tx, [green!, pink!], people.map((person, index) => ({ userId: person.id, picture: index === 2 ? 1 : 0 }))));

    const rows = await em.execute<Array<{ id: number; avatar_url: string | null }>>('select id, avatar_url from users where id in (?) order by id', [people.map((person) => person.id)]);
    for (const row of rows) expect(row.avatar_url).toMatch(new RegExp(`^/media/users/${row.id}/avatar\\?v=[0-9a-f]{8}$`));
    expect(rows.find((row) => row.id === people[0]!.id)?.avatar_url).not.toBe(oldUrl);
    const stored = await em.execute<Array<{ user_id: number; width: number; bytes: Buffer }>>('select user_id, width, bytes from user_avatars where user_id in (?) order by user_id', [
      people.map((person) => person.id),
    ]);
    expect(stored.map((row) => row.width)).toEqual([AVATAR_STORED_WIDTH, AVATAR_STORED_WIDTH, AVATAR_STORED_WIDTH]);
    expect(stored.map((row) => row.bytes.equals(green!))).toEqual([true, true, false]);
    expect(stored[2]!.bytes.equals(pink!)).toBe(true);
    // The version in the address is the stored one, so the picture route answers it as current.
    const version = rows[0]!.avatar_url!.split('v=')[1];
    expect((await readAvatar(em, people[0]!.id, AVATAR_STORED_WIDTH))?.version).toBe(version);
  });
});
