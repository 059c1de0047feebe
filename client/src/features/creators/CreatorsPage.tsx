import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@router';
import { CREATOR_SEARCH_CALL_TIMEOUT_MS } from '@domain/constants';
import { CREATOR_SEARCH_PARAMETERS as P } from '@domain/creator-search';
import { formatCount } from '@domain/format';
import * as MESSAGES from '@domain/messages';
import { CreatorSearchCriteriaDocument, CreatorSearchDocument, type CreatorResultFragment } from '@gql/graphql';
import { AddToListButton } from '@features/lists';
import { MessageButton } from '@features/messages';
import { serverRefusal } from '@shell/serverError';
import { Avatar } from '@ui/Avatar';
import { AvailabilityBadge } from '@ui/AvailabilityBadge';
import { EmptyState } from '@ui/EmptyState';
import { FilterBar } from '@ui/FilterBar';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { TextField } from '@ui/TextField';
import { useMorePages } from '@ui/useMorePages';
import { withParam, withoutParams } from '@ui/urlFilters';
import { creatorFilters } from './creatorFilters';
import { FILTER_PARAMETERS, readCreatorsParams, withCriteria } from './creatorsParams';
import './creators.css';

const PAGE_SIZE = 20;

/** The server's words for a refused search (a bad place, a list that is not yours); the generic message otherwise. */
function searchErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message === MESSAGES.timeout) return MESSAGES.timeout;
  const refusal = serverRefusal(error);
  return refusal && refusal.code !== 'INTERNAL_SERVER_ERROR' ? refusal.message : MESSAGES.unexpected;
}

function personName(user: { name?: string | null; username?: string | null }): string {
  return user.name ?? user.username ?? 'Someone';
}

function CreatorCard({ creator }: { creator: CreatorResultFragment }) {
  const { user } = creator;
  return (
    <li className="creator-card">
      <div className="creator-card__head">
        <Avatar name={personName(user)} avatarUrl={user.avatarUrl ?? null} />
        <div className="creator-card__who">
          <Link to={`/${user.username ?? ''}`} className="creator-card__name">
            {personName(user)}
          </Link>
          <span className="creator-card__meta">
            @{user.username}
            {creator.location && <> · {creator.location}</>}
            {creator.distanceKm !== null && creator.distanceKm !== undefined && <> · {creator.distanceKm < 1 ? 'under 1' : Math.round(creator.distanceKm)} km away</>}
          </span>
        </div>
        <AddToListButton userId={user.id} />
        <MessageButton userId={user.id} name={personName(user)} />
      </div>
      <AvailabilityBadge availability={user.availability} />
      {creator.roles.length > 0 && (
        <ul className="creator-card__roles" aria-label="Roles">
          {creator.roles.map((held) => (
            <li key={held.role.id}>
              <span aria-hidden="true">{held.role.emoji}</span> {held.role.name} · {formatCount(held.posts)}
            </li>
          ))}
        </ul>
      )}
      <p className="creator-card__numbers">
        <span>{formatCount(creator.followers)} followers</span>
        <span>{formatCount(creator.creditedPosts)} credited posts</span>
        <span>{formatCount(creator.views)} views</span>
      </p>
      {creator.topCollaborators.length > 0 && (
        <p className="creator-card__collaborators">
          Works with{' '}
          {creator.topCollaborators.map((collaborator, index) => (
            <span key={collaborator.user.id}>
              {index > 0 && ', '}
              <Link to={`/${collaborator.user.username ?? ''}`}>{personName(collaborator.user)}</Link>
            </span>
          ))}
        </p>
      )}
    </li>
  );
}

/**
 * /creators (docs/product.md §Search): creator search. Every filter lives in the URL (route list:
 * role, geo, list, plus what the search criteria produce), so a search can be shared and the back
 * button steps through changes. Typed text goes through the search criteria first, so
 * "photographers in lisbon" becomes a role chip and a place chip.
 */
export default function CreatorsPage() {
  const [params, setParams] = useSearchParams();
  const state = readCreatorsParams(params);
  const client = useApolloClient();
  const variables = { filter: state.filter, first: PAGE_SIZE };
  const context = { timeoutMs: CREATOR_SEARCH_CALL_TIMEOUT_MS };
  const { data, loading, error } = useQuery(CreatorSearchDocument, { variables, context });
  const { items: creators, hasNextPage, loadMore, loadingMore, sentinel } = useMorePages(JSON.stringify(variables), data?.creatorSearch, async (after) => {
    const result = await client.query({ query: CreatorSearchDocument, variables: { ...variables, after }, context });
    return result.data?.creatorSearch;
  });

  const [text, setText] = useState(params.get(P.text) ?? '');
  const [criteriaFailed, setCriteriaFailed] = useState(false);
  const [reading, setReading] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCriteriaFailed(false);
    const typed = text.trim();
    if (typed === '') {
      setParams(withParam(params, P.text, null));
      return;
    }
    setReading(true);
    try {
      const result = await client.query({ query: CreatorSearchCriteriaDocument, variables: { text: typed }, context, fetchPolicy: 'network-only' });
      const queryString = result.data?.creatorSearchCriteria.queryString;
      if (queryString === undefined) throw new Error('no criteria');
      const next = withCriteria(params, queryString);
      setText(next.get(P.text) ?? '');
      setParams(next);
    } catch {
      setCriteriaFailed(true);
    } finally {
      setReading(false);
    }
  };

  return (
    <PageFrame heading="Creators" purpose="Search for creators by role, location and list.">
      <form className="creators-search" role="search" aria-label="Search creators" onSubmit={(event) => void submit(event)}>
        <TextField type="search" label="Describe who you are looking for" hideLabel value={text} onChange={setText} placeholder="Photographers in Lisbon" />
        <button type="submit" className="button button--primary" disabled={reading}>
          {reading ? 'Searching...' : 'Search'}
        </button>
      </form>
      {criteriaFailed && <p role="alert">{MESSAGES.creatorSearchCriteriaError}</p>}
      <FilterBar
        label="Filters"
        filters={creatorFilters(state, params, setParams)}
        onClearAll={() => setParams(withoutParams(params, FILTER_PARAMETERS))}
      />
      {error && <p role="alert">{searchErrorMessage(error)}</p>}
      {loading && <Skeleton shape="card" lines={3} label="Loading creators…" />}
      {data && creators.length === 0 && (
        // A status still: a change of filters that leaves nothing is news to a screen reader.
        <div role="status">
          <EmptyState title="No creators match these filters." />
        </div>
      )}
      {creators.length > 0 && (
        <ul className="creators-results" aria-label="Creators">
          {creators.map((creator) => (
            <CreatorCard key={creator.user.id} creator={creator} />
          ))}
        </ul>
      )}
      <div ref={sentinel} className="creators-sentinel" />
      {hasNextPage && (
        <button type="button" className="button" onClick={() => void loadMore()} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'More creators'}
        </button>
      )}
    </PageFrame>
  );
}
