import type { EntityManager } from '@mikro-orm/postgresql';
import { PostType } from '../../../../../domain/enums.js';
import { publicCreditSql } from '../../credits/index.js';
import type { SearchDocument, SearchDocumentKey, SearchDocumentKind } from './search-engine.js';

/**
 * A post counts for search (its own document, and the numbers of its account, tags and credited
 * people) only when everyone may see it: imported, not private, not deleted, not a story — the public half
 * of `visiblePostsFilter`. The index is shared by every viewer, so what only some may see stays
 * out of it.
 */
const PUBLIC_POST = (alias: string) => `(${alias}.import_status = 'imported' and not ${alias}.is_private and not ${alias}.is_deleted and ${alias}.type <> ${PostType.Story})`;
const PUBLIC_CREDIT = publicCreditSql('c');

interface DocumentRow {
  entity_id: number;
  title: string | null;
  subtitle: string | null;
  image_url: string | null;
  page_key: string | null;
  tag_type_id: number | null;
  network: string | null;
  followers: string | number | null;
  credited_posts: string | number | null;
  views: string | number | null;
}

/** One SQL statement per kind: the documents of the given ids that should be in the index. */
const DOCUMENT_SQL: Readonly<Record<SearchDocumentKind, string>> = {
  // People need a username (their page); followers are those of the accounts they verified.
  user: `select u.id as entity_id, coalesce(nullif(u.name, ''), u.username) as title, '@' || u.username as subtitle,
      u.avatar_url as image_url, u.username as page_key, null::int as tag_type_id, null as network,
      (select coalesce(sum(a.follower_count), 0) from social_accounts a where a.owner_id = u.id and a.owner_verified_at is not null) as followers,
      (select count(distinct c.post_id) from credits c join posts p on p.id = c.post_id where c.user_id = u.id and ${PUBLIC_CREDIT} and ${PUBLIC_POST('p')}) as credited_posts,
      (select coalesce(sum(p.views), 0) from posts p where ${PUBLIC_POST('p')} and p.id in (select c.post_id from credits c where c.user_id = u.id and ${PUBLIC_CREDIT})) as views
    from users u where u.id = any(array(select value::int from jsonb_array_elements_text(?::jsonb))) and u.username is not null`,
  tag: `select t.id as entity_id, t.name as title, tt.name as subtitle, null as image_url, t.name as page_key, t.tag_type_id::int as tag_type_id, null as network,
      0 as followers,
      (select count(*) from post_tags pt join posts p on p.id = pt.post_id where pt.tag_id = t.id and ${PUBLIC_POST('p')}) as credited_posts,
      (select coalesce(sum(p.views), 0) from post_tags pt join posts p on p.id = pt.post_id where pt.tag_id = t.id and ${PUBLIC_POST('p')}) as views
    from tags t join tag_types tt on tt.id = t.tag_type_id where t.id = any(array(select value::int from jsonb_array_elements_text(?::jsonb)))`,
  role: `select r.id::int as entity_id, r.name as title, r.emoji as subtitle, null as image_url, r.name as page_key, null::int as tag_type_id, null as network,
      0 as followers,
      (select count(distinct c.post_id) from credits c join posts p on p.id = c.post_id where c.role_id = r.id and ${PUBLIC_CREDIT} and ${PUBLIC_POST('p')}) as credited_posts,
      0 as views
    from credit_roles r where r.id = any(array(select value::int from jsonb_array_elements_text(?::jsonb)))`,
  account: `select a.id as entity_id, coalesce(nullif(a.display_name, ''), a.handle) as title, a.handle as subtitle, a.avatar_url as image_url,
      a.handle as page_key, null::int as tag_type_id, n.name as network,
      coalesce(a.follower_count, 0) as followers,
      (select count(*) from posts p where p.account_id = a.id and ${PUBLIC_POST('p')}) as credited_posts,
      (select coalesce(sum(p.views), 0) from posts p where p.account_id = a.id and ${PUBLIC_POST('p')}) as views
    from social_accounts a join social_networks n on n.id = a.network_id where a.id = any(array(select value::int from jsonb_array_elements_text(?::jsonb)))`,
  post: `select p.id as entity_id, coalesce(nullif(p.caption, ''), a.handle) as title, a.handle as subtitle, p.thumbnail_url as image_url,
      null as page_key, null::int as tag_type_id, n.name as network,
      coalesce(a.follower_count, 0) as followers,
      (select count(*) from credits c where c.post_id = p.id and ${PUBLIC_CREDIT}) as credited_posts,
      coalesce(p.views, 0) as views
    from posts p join social_accounts a on a.id = p.account_id join social_networks n on n.id = p.network_id
    where p.id = any(array(select value::int from jsonb_array_elements_text(?::jsonb))) and ${PUBLIC_POST('p')}`,
};

/** Documents that exist for `keys` (one query per kind present); keys without one are to be removed. */
export async function buildSearchDocuments(em: EntityManager, keys: readonly SearchDocumentKey[]): Promise<{ documents: SearchDocument[]; removed: SearchDocumentKey[] }> {
  const idsByKind = new Map<SearchDocumentKind, number[]>();
  for (const key of keys) idsByKind.set(key.kind, [...(idsByKind.get(key.kind) ?? []), key.entityId]);
  const documents: SearchDocument[] = [];
  const removed: SearchDocumentKey[] = [];
  for (const [kind, ids] of idsByKind) {
    const rows = await em.execute<DocumentRow[]>(DOCUMENT_SQL[kind], [JSON.stringify(ids)]);
    const found = new Set<number>();
    for (const row of rows) {
      if (row.title === null) continue;
      found.add(Number(row.entity_id));
      documents.push(toDocument(kind, row));
    }
    for (const id of ids) if (!found.has(id)) removed.push({ kind, entityId: id });
  }
  return { documents, removed };
}

function toDocument(kind: SearchDocumentKind, row: DocumentRow): SearchDocument {
  return {
    kind,
    entityId: Number(row.entity_id),
    title: row.title!,
    subtitle: row.subtitle,
    imageUrl: row.image_url,
    pageKey: row.page_key,
    tagTypeId: row.tag_type_id === null ? null : Number(row.tag_type_id),
    network: row.network,
    followers: Number(row.followers ?? 0),
    creditedPosts: Number(row.credited_posts ?? 0),
    views: Number(row.views ?? 0),
  };
}
