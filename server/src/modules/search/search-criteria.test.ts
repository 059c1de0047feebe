import { describe, expect, it } from 'vitest';
import { TagType as TagTypeId } from '../../../../domain/enums.js';
import { createAccount, uniqueSuffix } from '../../test-support/factories.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { TagType, Tag } from '../tags/index.js';

const env = useTestServer();

type Criteria = { criteria: Array<{ parameter: string; value: string; label: string }>; text: string | null; queryString: string };
const FIELDS = '{ criteria { parameter value label } text queryString }';

async function ask(field: 'creatorSearchCriteria' | 'postSearchCriteria', text: string) {
  return graphql<Record<string, Criteria>>(env.server, `query($text: String!) { ${field}(text: $text) ${FIELDS} }`, { variables: { text } });
}

describe('search criteria', () => {
  it('reads a role and a place for the creator search, signed out', async () => {
    const response = await ask('creatorSearchCriteria', 'Wedding photographers in Lisbon');
    expect(response.body.errors).toBeUndefined();
    const criteria = response.body.data!.creatorSearchCriteria!;
    expect(criteria.criteria).toEqual([
      { parameter: 'ROLE', value: 'Photographer~2', label: 'Photographer' },
      { parameter: 'GEO', value: expect.stringMatching(/^Lisbon~[0-9b-hjkmnp-z]{4}$/), label: 'Lisbon' },
    ]);
    expect(criteria.text).toBe('Wedding');
    expect(criteria.queryString).toMatch(/^role=Photographer%7E2&geo=Lisbon%7E[0-9a-z]{4}&q=Wedding$/);
  });

  it('reads tags, events (by name, accents ignored) and @handles for the post search', async () => {
    const em = env.server.orm.em.fork();
    const stem = `zq${uniqueSuffix()}`;
    const event = em.create(Tag, { tagType: em.getReference(TagType, TagTypeId.event), name: `Fête ${stem}` });
    await em.flush();
    const account = await createAccount(em, undefined, `${stem}_studio`);

    const response = await ask('postSearchCriteria', `fete ${stem} @${stem.toUpperCase()}_STUDIO tiktok night`);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data!.postSearchCriteria!).toMatchObject({
      criteria: [
        { parameter: 'EVENTS', value: `Fête ${stem}~${event.id}`, label: `Fête ${stem}` },
        { parameter: 'POSTING_ACCOUNT', value: String(account.id), label: `@${stem}_studio` },
        { parameter: 'NETWORKS', value: 'tiktok', label: 'TikTok' },
      ],
      text: 'night',
    });
  });

  it('reads nothing from blocked terms and refuses text over 100 characters with "Invalid query"', async () => {
    expect((await ask('postSearchCriteria', 'NFL photographers')).body.data!.postSearchCriteria).toEqual({ criteria: [], text: null, queryString: '' });
    const response = await ask('creatorSearchCriteria', 'x'.repeat(101));
    expect(response.body.errors?.[0]).toMatchObject({ message: 'Invalid query', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
