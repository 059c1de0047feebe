import type { SearchDocumentKind } from './search-engine.js';

/**
 * The best N documents without typos of each kind, without fetching every match (the search's
 * speed target; docs/perf/history.md, 1,000,000 posts).
 *
 * Such a document's score is set by flags: its whole title is the text (`exact`), its title
 * starts with the text (`prefix`), the last word is one of its words and not only a prefix of
 * one (`last`). Documents of one flag group rank by popularity alone, so a group's best N are
 * its first N in popularity order, and the kind's best N come from its best groups in turn:
 *
 * 1. **Walk** (`walkStatement`): the `WALK_DEPTH` most popular documents of each kind, read in
 *    order from `search_documents_popularity_index` (an index-only scan: it carries the tsvector),
 *    are tested against the tsquery and sorted into groups; the whole-title group comes from `search_documents_title_index` (a handful of
 *    rows). A word that hundreds or thousands of documents share ("maya": 3,300 people;
 *    "northwind": 10,000 accounts) fills its groups here.
 * 2. **Complete** (`finishStatement`): a group the walk did not fill (fewer than N members among
 *    the first `WALK_DEPTH`, and the kind has more) is read whole through the kind's GIN index,
 *    but only while the groups above it may hold fewer than N. Being short in the walk means it
 *    is rare (under N / WALK_DEPTH of the kind), so that read is small. The same statement puts
 *    every kind's rows in the final order.
 *
 * Left to the planner, one `order by popularity limit N` per group walked a whole kind (100,000
 * people) whenever a group was empty but looked common: the estimates of tsquery conditions
 * cannot tell. Here the walk has a fixed depth and the completion has no order to walk for.
 */
export const WALK_DEPTH = 1_000;

/** Flag groups, best first; `exact` is split by `last` when ranked (51 or 50 points). */
export const GROUPS = ['exact', 'prefixLast', 'prefix', 'last', 'other'] as const;
export type Group = (typeof GROUPS)[number];

/** Points above the base (1000 + words − 1) of each group; `exact` adds the last-word point per row. */
const GROUP_POINTS: Readonly<Record<Group, number>> = { exact: 50, prefixLast: 21, prefix: 20, last: 1, other: 0 };

export interface TypoFreeQuery {
  /** The tsquery of every word without a typo (last word as a prefix where the vocabulary has longer words). */
  typoFree: string;
  /** The same with the last word whole; null when the vocabulary does not have it. */
  lastExact: string | null;
  /** The whole text normalised, and it as a LIKE prefix. */
  whole: string;
  wholePrefix: string;
  /** 1000 + words − 1: what every document without typos scores before its flags. */
  base: number;
  /** How many documents of each kind the walk reads (WALK_DEPTH; smaller in tests, to reach the completions). */
  walkDepth: number;
}

type Statement = [sql: string, params: unknown[]];

export interface WalkRow {
  kind: SearchDocumentKind;
  entity_id: number;
  group: Group;
  score: number;
  /** Documents the walk read in this kind (fewer than the walk's depth: it read them all). */
  walked: number;
}

/**
 * Posts are not walked: the popularity index leaves them out (the top search never asks for them,
 * and they are most of the index), so a walk would sort every post. Their groups are all read
 * through the GIN index instead.
 */
const walkDepth = (kind: SearchDocumentKind, query: TypoFreeQuery) => (kind === 'post' ? 0 : query.walkDepth);

/** Placeholders bind in the order they appear: `p` pushes a value and returns its `?`. */
function binder(): { params: unknown[]; p: (value: unknown) => string } {
  const params: unknown[] = [];
  return {
    params,
    p: (value) => {
      params.push(value);
      return '?';
    },
  };
}

/** Kinds are inlined (they come from the fixed list): a constant `kind` lets the planner prove the partial indexes. */
const kindCondition = (kind: SearchDocumentKind) => (kind === 'post' ? `d.kind = 'post'` : `d.kind = '${kind}' and d.kind <> 'post'`);
const POPULARITY = 'd.followers desc, d.credited_posts desc, d.views desc, d.title, d.entity_id';
const TITLE = 'search_normalize(d.title)';

/**
 * Whether the last word is one of the document's words. A constant when the tsqueries say so:
 * false when the vocabulary lacks the word, true when it has no longer word starting with it
 * (then the typo-free tsquery already asks for the word whole). Repeating the same tsquery
 * condition made the planner square its selectivity and misjudge the plan.
 */
function lastCondition(query: TypoFreeQuery, p: (value: unknown) => string): string {
  if (query.lastExact === null) return 'false';
  if (query.lastExact === query.typoFree) return 'true';
  return `d.document @@ ${p(query.lastExact)}::tsquery`;
}

/** The groups that can have members, best first. */
function possibleGroups(query: TypoFreeQuery): readonly Group[] {
  if (query.lastExact === null) return GROUPS.filter((group) => group !== 'prefixLast' && group !== 'last');
  if (query.lastExact === query.typoFree) return GROUPS.filter((group) => group !== 'prefix' && group !== 'other');
  return GROUPS;
}

/**
 * Per kind: the whole-title matches (title index) and the walk's first `limit` of every other
 * group, with how many documents the walk read.
 */
export function walkStatement(kinds: readonly SearchDocumentKind[], limit: number, query: TypoFreeQuery): Statement {
  const { params, p } = binder();
  // Written in the statement's own order (the CTEs first), so the parameters bind in order.
  const walks = kinds.map((kind, index) => {
    const matches = `d.document @@ ${p(query.typoFree)}::tsquery and ${TITLE} <> ${p(query.whole)}`;
    const prefixed = `${TITLE} like ${p(query.wholePrefix)}`;
    const lastWhenPrefixed = lastCondition(query, p);
    const lastOtherwise = lastCondition(query, p);
    return `walk_${index} as (
      select d.entity_id, d.followers, d.credited_posts, d.views, d.title,
             case when ${matches} then (case when ${prefixed} then (case when ${lastWhenPrefixed} then 'prefixLast' else 'prefix' end)
                                        when ${lastOtherwise} then 'last' else 'other' end) end as "group"
        from search_documents d where ${kindCondition(kind)} order by ${POPULARITY} limit ${walkDepth(kind, query)})`;
  });
  const scores = GROUPS.slice(1)
    .map((group) => `when '${group}' then ${query.base + GROUP_POINTS[group]}`)
    .join(' ');
  const selects = kinds.map((kind, index) => {
    const exactScore = `${query.base + GROUP_POINTS.exact} + (${lastCondition(query, p)})::int`;
    const exact = `select '${kind}'::text as kind, d.entity_id, 'exact' as "group", ${exactScore} as score, null::bigint as walked
        from search_documents d where ${kindCondition(kind)} and ${TITLE} = ${p(query.whole)} and d.document @@ ${p(query.typoFree)}::tsquery`;
    const walked = `select '${kind}'::text as kind, d.entity_id, d."group", case d."group" ${scores} end as score, (select count(*) from walk_${index}) as walked
        from (select d.*, row_number() over (partition by d."group" order by ${POPULARITY}) as position from walk_${index} d where d."group" is not null) d
       where d.position <= ${limit}`;
    return `(${exact})\n    union all\n    (${walked})`;
  });
  // Each kind's walk is a CTE read twice (its rows and its count), so PostgreSQL runs it once.
  const sql = `with ${walks.join(',\n')}\n${selects.join('\n    union all\n    ')}`;
  return [sql, params];
}

/** What the walk settled for one kind, and the groups it left to complete. */
export interface KindOutcome {
  kind: SearchDocumentKind;
  /** Rows of groups the walk answered exactly (or all of the kind's rows, when it read them all). */
  settled: Array<{ entity_id: number; score: number }>;
  complete: Array<Exclude<Group, 'exact'>>;
}

/**
 * Which groups of a kind need reading whole: those the walk found fewer than `limit` of (when
 * the kind has more documents than it read), as long as the groups above may hold fewer than
 * `limit` (counting what the walk found of them, a lower bound).
 */
export function settle(kind: SearchDocumentKind, rows: readonly WalkRow[], limit: number, query: TypoFreeQuery): KindOutcome {
  const mine = rows.filter((row) => row.kind === kind);
  const walked = mine.find((row) => row.walked !== null)?.walked;
  const readAll = kind !== 'post' && walked !== undefined && Number(walked) < query.walkDepth;
  const outcome: KindOutcome = { kind, settled: [], complete: [] };
  let above = 0;
  for (const group of possibleGroups(query)) {
    if (above >= limit) break;
    const members = mine.filter((row) => row.group === group);
    if (group === 'exact' || readAll || members.length >= limit) outcome.settled.push(...members.map((row) => ({ entity_id: Number(row.entity_id), score: Number(row.score) })));
    else outcome.complete.push(group);
    above += members.length;
  }
  return outcome;
}

/**
 * The kinds' best `limit` rows in the final order: the settled rows by key, and each group to
 * complete read whole through the kind's GIN index (a materialised CTE has no order to walk
 * for, so the planner reads the tsquery's matches and sorts the few).
 */
export function finishStatement(outcomes: readonly KindOutcome[], limit: number, query: TypoFreeQuery, columns: string, finalOrder: string): Statement {
  const { params, p } = binder();
  // The CTEs come first in the statement, so their parameters are bound first.
  const ctes: string[] = [];
  const completions: string[] = [];
  for (const outcome of outcomes) {
    const kind = kindCondition(outcome.kind);
    for (const group of outcome.complete.filter((group) => group === 'prefixLast' || group === 'prefix')) {
      // A title group through the title index: the titles starting with the text, then the
      // tsquery on those (`offset 0` keeps the planner from merging the two and choosing the
      // tsquery's bitmap, which "northwind" fills with 10,000 accounts none of whose titles
      // start with "northwind_").
      const name = `complete_${ctes.length}`;
      ctes.push(`${name} as materialized (
        select ${columns}, ${query.base + GROUP_POINTS[group]} as score
          from (select * from search_documents d where ${kind} and ${TITLE} like ${p(query.wholePrefix)} and ${TITLE} <> ${p(query.whole)} offset 0) d
         where d.document @@ ${p(query.typoFree)}::tsquery and ${group === 'prefix' ? 'not ' : ''}${lastCondition(query, p)})`);
      completions.push(`(select * from ${name} d order by ${POPULARITY} limit ${limit})`);
    }
    const others = outcome.complete.filter((group) => group === 'last' || group === 'other');
    if (others.length > 0) {
      // The other groups from one read of the kind's matches (its GIN index): rare, or the walk
      // would have filled them.
      const name = `complete_${ctes.length}`;
      ctes.push(`${name} as materialized (
        select ${columns}, ${TITLE} like ${p(query.wholePrefix)} as prefixed, ${lastCondition(query, p)} as last
          from search_documents d where ${kind} and d.document @@ ${p(query.typoFree)}::tsquery)`);
      for (const group of others) {
        completions.push(`(select ${columns}, ${query.base + GROUP_POINTS[group]} as score from ${name} d
            where not d.prefixed and ${group === 'other' ? 'not ' : ''}d.last order by ${POPULARITY} limit ${limit})`);
      }
    }
  }
  const settled = JSON.stringify(outcomes.flatMap((outcome) => outcome.settled.map((row) => ({ kind: outcome.kind, entity_id: row.entity_id, score: row.score }))));
  const selects = [
    `(select ${columns}, s.score from jsonb_to_recordset(${p(settled)}::jsonb) as s(kind text, entity_id int, score int)
      join search_documents d on d.kind = s.kind and d.entity_id = s.entity_id)`,
    ...completions,
  ];
  const sql = `${ctes.length > 0 ? `with ${ctes.join(',\n')}\n` : ''}select * from (
  select r.*, row_number() over (partition by r.kind order by r.score desc, r.followers desc, r.credited_posts desc, r.views desc, r.title, r.entity_id) as position
    from (${selects.join('\n    union all\n    ')}) r
) ranked where position <= ${limit}
order by ${finalOrder}`;
  return [sql, params];
}
