import type { EntityDictionary } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { Connection } from '../../graphql/connection.js';
import { connectionFromRows, type KeysetPage } from '../../graphql/pagination.js';
import { Post, visiblePostsFilter } from '../posts/index.js';
import type { Viewer } from '../users/index.js';
import { ProjectConcept } from './concept.entity.js';

/*
 * Per-request batch loaders for concept fields: however many boards or concepts a response
 * holds, each of these is one query. Keyed by the request's EntityManager (each request forks its
 * own), as the module's other loaders are (project.loaders.ts).
 */

function loaderIn<K, V, S = K>(store: WeakMap<EntityManager, Map<string, DataLoader<K, V, S>>>, em: EntityManager, key: string, create: () => DataLoader<K, V, S>): DataLoader<K, V, S> {
  let loaders = store.get(em);
  if (!loaders) store.set(em, (loaders = new Map()));
  let loader = loaders.get(key);
  if (!loader) loaders.set(key, (loader = create()));
  return loader;
}

const pageLoaders = new WeakMap<EntityManager, Map<string, DataLoader<number, ProjectConcept[]>>>();
const countLoaders = new WeakMap<EntityManager, Map<string, DataLoader<number, number>>>();

/**
 * A page of each board on a response, in board order (position, then id), in one query: a
 * window function ranks each board's concepts past the cursor. The cursor names a concept; the
 * page continues after that concept's (position, id), so a page is stable while concepts are added.
 */
export async function loadConceptPage(em: EntityManager, projectId: number, page: KeysetPage): Promise<Connection<ProjectConcept>> {
  const pages = loaderIn(pageLoaders, em, `${page.size}:${page.cursorId ?? ''}`, () =>
    new DataLoader<number, ProjectConcept[]>(async (projectIds) => {
      const cursorSql = page.cursorId === null ? '' : `and (t."position", t."id") > (select c."position", c."id" from "project_concepts" c where c."id" = ?)`;
      const rows = await em.execute<Array<Record<string, unknown>>>(
        `select * from (
           select t.*, row_number() over (partition by t."project_id" order by t."position", t."id") as "page_rank"
             from "project_concepts" t where t."project_id" in (?) ${cursorSql}
         ) ranked where "page_rank" <= ? order by "project_id", "page_rank"`,
        [[...projectIds], ...(page.cursorId === null ? [] : [page.cursorId]), page.size + 1],
      );
      const byProject = new Map<number, ProjectConcept[]>();
      for (const row of rows) {
        const { page_rank: _rank, ...columns } = row;
        const concept = em.map(ProjectConcept, columns as EntityDictionary<ProjectConcept>);
        byProject.set(concept.project.id, [...(byProject.get(concept.project.id) ?? []), concept]);
      }
      return projectIds.map((id) => byProject.get(id) ?? []);
    }),
  );
  const counts = loaderIn(countLoaders, em, 'all', () =>
    new DataLoader<number, number>(async (projectIds) => {
      const rows = await em.execute<Array<{ project_id: number; total: string | number }>>(
        `select "project_id", count(*) as "total" from "project_concepts" where "project_id" in (?) group by "project_id"`,
        [[...projectIds]],
      );
      const totals = new Map(rows.map((row) => [Number(row.project_id), Number(row.total)]));
      return projectIds.map((id) => totals.get(id) ?? 0);
    }),
  );
  const fetched = await pages.load(projectId);
  // Forward-only, so the base helper's keyset bookkeeping applies as is.
  return connectionFromRows(fetched, { ...page, backward: false }, (concept) => concept.id, () => counts.load(projectId));
}

const postLoaders = new WeakMap<EntityManager, Map<string, DataLoader<string, Post | null>>>();

/**
 * The posts behind the post concepts of a response that the viewer may see, in one query. A
 * concept names its post by network and the network's id, so a link still importing shows its
 * post as soon as the import lands; a post the viewer may not see (or no longer there) is null.
 */
export function loadConceptPost(em: EntityManager, viewer: Viewer | null, networkId: number, externalId: string): Promise<Post | null> {
  const loader = loaderIn(postLoaders, em, String(viewer?.user.id ?? ''), () =>
    new DataLoader<string, Post | null>(async (keys) => {
      const pairs = keys.map((key) => {
        const split = key.indexOf(':');
        return { network: Number(key.slice(0, split)), externalId: key.slice(split + 1) };
      });
      const posts = await em.find(Post, { $and: [{ $or: pairs }, { importStatus: 'imported' }, visiblePostsFilter(viewer)] });
      const byKey = new Map(posts.map((post) => [`${post.network.id}:${post.externalId}`, post]));
      return keys.map((key) => byKey.get(key) ?? null);
    }),
  );
  return loader.load(`${networkId}:${externalId}`);
}

/** Forgets what this request read of boards (after a change made within it). */
export function forgetConceptPages(em: EntityManager): void {
  pageLoaders.delete(em);
  countLoaders.delete(em);
}
