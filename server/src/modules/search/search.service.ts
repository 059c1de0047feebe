import type { EntityManager } from '@mikro-orm/postgresql';
import { TagType } from '../../../../domain/enums.js';
import { InvalidInput } from '../../errors/app-errors.js';
import { normaliseSearchText } from '../../graphql/search-text.js';
import type { SearchResultItem } from './search.types.js';

export const MAX_RESULTS_PER_TYPE = 25;
/** Results a search page holds when `first` is not given. */
export const DEFAULT_SEARCH_PAGE_SIZE = 10;
/** How deep a client may page: the best results are what a search box is for, and each page asks every kind for all rows up to it. */
export const MAX_SEARCH_DEPTH = 100;

interface SearchRow {
  model: 'users' | 'tagValues' | 'role' | 'postingAccounts';
  id: string;
  label: string;
  sub_label: string | null;
  img_url: string | null;
  tag_type_id: number | null;
  score: number;
}

/**
 * Text search for the global box over people, tags, credit roles and posting accounts, ranked by
 * trigram similarity with a bonus for prefix matches (PostgreSQL pg_trgm; GIN indexes make the
 * `ILIKE` and `%` operators index scans). A later search module may route this to Meilisearch.
 */
async function searchEverything(em: EntityManager, rawText: string, perType: number): Promise<SearchResultItem[]> {
  const text = normaliseSearchText(rawText);
  if (text === null) return [];
  const escaped = text.replace(/[\\%_]/g, '\\$&');
  const rows = await em.execute<SearchRow[]>(SEARCH_SQL, [text, `${escaped}%`, `%${escaped}%`, perType]);
  return rows.map(toSearchResultItem);
}

/**
 * One page of the merged ranking, `size` results after the first `offset`. The best
 * `offset + size + 1` of all kinds are among the best that many of each kind, so asking each
 * kind for that many ranks the page exactly; the extra row says whether more follow.
 */
export async function searchPage(em: EntityManager, rawText: string, offset: number, size: number): Promise<{ items: SearchResultItem[]; hasMore: boolean }> {
  if (!Number.isInteger(size) || size < 1 || size > MAX_RESULTS_PER_TYPE) throw new InvalidInput(`first must be between 1 and ${MAX_RESULTS_PER_TYPE}`);
  if (offset > MAX_SEARCH_DEPTH) throw new InvalidInput(`Search pages reach the ${MAX_SEARCH_DEPTH} best results`);
  const ranked = await searchEverything(em, rawText, offset + size + 1);
  return { items: ranked.slice(offset, offset + size), hasMore: ranked.length > offset + size };
}

function toSearchResultItem(row: SearchRow): SearchResultItem {
  return {
    key: `${row.model}:${row.id}`,
    imgUrl: row.img_url,
    label: row.label,
    subLabel: row.sub_label,
    kind: row.model,
    pageUrl: pageUrlFor(row),
    relevancyScore: Number(row.score),
    tagType: row.tag_type_id as TagType | null,
    publicId: null,
    isProOnly: false,
  };
}

function pageUrlFor(row: SearchRow): string {
  const named = encodeURIComponent(`${row.label}~${row.id}`);
  switch (row.model) {
    case 'users':
      return row.sub_label ? `/${row.sub_label}` : '/profile';
    case 'role':
      return `/creators?role=${named}`;
    case 'postingAccounts':
      return `/explore?postingAccount=${encodeURIComponent(row.id)}`;
    case 'tagValues':
      return row.tag_type_id === TagType.location ? `/explore?locations=${named}` : row.tag_type_id === TagType.event ? `/explore?events=${named}` : `/explore?tags=${named}`;
  }
}

const SEARCH_SQL = `
with q as (select ?::text as text, ?::text as prefix, ?::text as contains, ?::int as lim),
matches as (
  (select 'users' as model, u.id::text as id, coalesce(u.name, u.username) as label, u.username as sub_label,
          u.avatar_url as img_url, null::int as tag_type_id,
          greatest(similarity(u.username, q.text), similarity(coalesce(u.name, ''), q.text))
            + case when u.username ilike q.prefix then 0.5 else 0 end as score
     from q, users u
    where u.username is not null
      and (u.username ilike q.contains or u.name ilike q.contains or u.username % q.text or u.name % q.text)
    order by 7 desc, 3 asc, 2 asc limit (select lim from q))
  union all
  (select 'tagValues', t.id::text, t.name, tt.name, null, t.tag_type_id::int,
          similarity(t.name, q.text) + case when t.name ilike q.prefix then 0.5 else 0 end
     from q, tags t join tag_types tt on tt.id = t.tag_type_id
    where t.name ilike q.contains or t.name % q.text
    order by 7 desc, 3 asc, 2 asc limit (select lim from q))
  union all
  (select 'role', r.id::text, r.name, r.emoji, null, null,
          similarity(r.name, q.text) + case when r.name ilike q.prefix then 0.5 else 0 end
     from q, credit_roles r
    where r.name ilike q.contains or r.name % q.text
    order by 7 desc, 3 asc, 2 asc limit (select lim from q))
  union all
  (select 'postingAccounts', a.id::text, coalesce(a.display_name, a.handle), n.title || ' · ' || a.handle, a.avatar_url, null,
          similarity(a.handle, q.text) + case when a.handle ilike q.prefix then 0.5 else 0 end
     from q, social_accounts a join social_networks n on n.id = a.network_id
    where a.handle ilike q.contains or a.display_name ilike q.contains or a.handle % q.text
    order by 7 desc, 3 asc, 2 asc limit (select lim from q))
)
select * from matches order by score desc, label asc, model asc, id asc`;
// Each kind orders its rows as the final ranking does (score, label, id): the best n of a kind
// are then the same rows in every page's query, so paging never skips a tie.
