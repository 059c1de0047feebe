import { skipToken, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { Link, useParams } from '@router';
import { CAPTION_SUBTITLE_MAX } from '@domain/constants';
import { formatCount, truncate } from '@domain/format';
import { StatsChart } from '@features/analytics';
import { MessageButton } from '@features/messages';
import { ListPageDocument, ListPersonCandidatesDocument, type ListPageQuery } from '@gql/graphql';
import { useMutationLoadedOnUse } from '@shell/useMutationLoadedOnUse';
import { Avatar } from '@ui/Avatar';
import { EmptyState } from '@ui/EmptyState';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { useDebouncedValue } from '@ui/useDebouncedValue';
import { useToast } from '@ui/toastContext';
import { listErrorMessage } from './listErrors';
import { listSize } from './listSize';
import { loadAddToList, loadRemoveFromList } from './loadMutationDocument';
import './lists.css';

type ListData = NonNullable<ListPageQuery['listByDatabaseId']>;
type Person = ListData['people']['nodes'][number];

export const LIST_PEOPLE_PAGE_SIZE = 50;

/** Stable (useMutationLoadedOnUse's options must be): the page shows the list again after a change. */
const REFETCH = { refetchQueries: ['ListPage'] } as const;

function ListNotFound() {
  return (
    <PageFrame heading="List not found" purpose="This list does not exist, or it is not yours: lists are private to the person who made them.">
      <p>
        <Link to="/lists">Back to your lists</Link>
      </p>
    </PageFrame>
  );
}

/** Adds a person found by name or username (Byline members), from the list page itself. */
function AddPerson({ list }: { list: ListData }) {
  const toast = useToast();
  const inputId = useId();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 250);
  const candidates = useQuery(ListPersonCandidatesDocument, query.length >= 1 ? { variables: { query } } : skipToken);
  const [addToList, { loading }] = useMutationLoadedOnUse(loadAddToList, REFETCH);
  const inList = new Set(list.people.nodes.map((person) => person.user.id));

  const add = async (userId: string, name: string) => {
    try {
      await addToList({ variables: { input: { listId: list.id, userId } } });
      toast.success(`Added ${name} to ${list.name}`);
      setText('');
    } catch (failure) {
      toast.error(listErrorMessage(failure));
    }
  };

  const found = query.length >= 1 ? (candidates.data?.creditCandidates.nodes ?? []) : [];
  return (
    <section className="list-page__add" aria-label="Add a person">
      <label htmlFor={inputId}>Add a person</label>
      <input id={inputId} className="text-input" type="search" placeholder="Name or username" value={text} onChange={(event) => setText(event.target.value)} />
      {found.length > 0 && (
        <ul className="list-page__candidates" aria-label="People found">
          {found.map((user) => {
            const name = user.name ?? user.username ?? 'Someone';
            return (
              <li key={user.id}>
                <Avatar name={name} avatarUrl={user.avatarUrl} />
                <span className="list-page__candidate-name">
                  {name}
                  {user.username && <span className="list-page__muted"> @{user.username}</span>}
                </span>
                <button type="button" className="button button--outline button--small" disabled={loading || inList.has(user.id)} aria-label={`Add ${name}`} onClick={() => void add(user.id, name)}>
                  {inList.has(user.id) ? 'In list' : 'Add'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {query.length >= 1 && candidates.data && found.length === 0 && <EmptyState title="No one found." />}
    </section>
  );
}

function PersonRow({ person, list }: { person: Person; list: ListData }) {
  const toast = useToast();
  const [removeFromList, { loading }] = useMutationLoadedOnUse(loadRemoveFromList, REFETCH);
  const name = person.user.name ?? person.user.username ?? 'Someone';
  const remove = async () => {
    try {
      await removeFromList({ variables: { input: { listId: list.id, userId: person.user.id } } });
      toast.success(`Removed ${name} from ${list.name}`);
    } catch (failure) {
      toast.error(listErrorMessage(failure));
    }
  };
  return (
    <li className="list-person" data-testid="list-person">
      <div className="list-person__who">
        <Avatar name={name} avatarUrl={person.user.avatarUrl} />
        <div>
          <p className="list-person__name">{person.user.username ? <Link to={`/${person.user.username}`}>{name}</Link> : name}</p>
          <p className="list-page__muted">{person.location ?? 'Location not given'}</p>
        </div>
      </div>
      <ul className="list-person__roles" aria-label={`Roles of ${name}`}>
        {person.roles.length === 0 && <li className="list-page__muted">No credits yet</li>}
        {person.roles.map((held) => (
          <li key={held.role.id} className="list-person__role">
            <span aria-hidden="true">{held.role.emoji}</span> {held.role.name} <span className="list-page__muted">({formatCount(held.posts)})</span>
          </li>
        ))}
      </ul>
      <dl className="list-person__totals" aria-label={`Totals of ${name}`}>
        <div>
          <dt>Posts</dt>
          <dd>{formatCount(person.totals.posts)}</dd>
        </div>
        <div>
          <dt>Views</dt>
          <dd>{formatCount(person.totals.views)}</dd>
        </div>
        <div>
          <dt>Likes</dt>
          <dd>{formatCount(person.totals.likes)}</dd>
        </div>
      </dl>
      <MessageButton userId={person.user.id} name={name} />
      {list.viewerCan.addAndRemove && (
        <button type="button" className="button button--outline button--small list-person__remove" disabled={loading} aria-label={`Remove ${name} from ${list.name}`} onClick={() => void remove()}>
          Remove
        </button>
      )}
    </li>
  );
}

function PostsSection({ list }: { list: ListData }) {
  const toast = useToast();
  const [removeFromList] = useMutationLoadedOnUse(loadRemoveFromList, REFETCH);
  if (list.posts.totalCount === 0) return null;
  const remove = async (postId: string) => {
    try {
      await removeFromList({ variables: { input: { listId: list.id, postId } } });
    } catch (failure) {
      toast.error(listErrorMessage(failure));
    }
  };
  return (
    <section className="list-page__section" aria-labelledby="list-posts-heading">
      <h2 id="list-posts-heading">Posts</h2>
      <ul className="list-page__posts">
        {list.posts.nodes.map((entry, index) =>
          entry.post ? (
            <li key={entry.post.id}>
              <Link to={`/posts/${entry.post.databaseId}`} className="list-page__post-link">
                {entry.post.caption ? truncate(entry.post.caption, CAPTION_SUBTITLE_MAX) : `Post ${entry.post.databaseId}`}
              </Link>
              {list.viewerCan.addAndRemove && (
                <button type="button" className="button button--outline button--small" onClick={() => void remove(entry.post!.id)}>
                  Remove
                </button>
              )}
            </li>
          ) : (
            <li key={`hidden-${index}`} className="list-page__muted">
              A post you can no longer see
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

function ListView({ list, onMore, loadingMore }: { list: ListData; onMore: () => void; loadingMore: boolean }) {
  return (
    <PageFrame heading={list.name} purpose={<>{listSize(list)} · <Link to="/lists">All lists</Link></>}>
      {list.viewerCan.addAndRemove && <AddPerson list={list} />}
      <section className="list-page__section" aria-labelledby="list-people-heading">
        <h2 id="list-people-heading">People</h2>
        {list.people.nodes.length === 0 ? (
          <EmptyState title="No one in this list yet.">
            <p>Add people from their profile, a post, or the search above.</p>
          </EmptyState>
        ) : (
          <ul className="list-people" aria-label="People">
            {list.people.nodes.map((person) => (
              <PersonRow key={person.user.id} person={person} list={list} />
            ))}
          </ul>
        )}
        {list.people.pageInfo.hasNextPage && (
          <button type="button" className="button button--outline" disabled={loadingMore} onClick={onMore}>
            Load more
          </button>
        )}
      </section>
      <PostsSection list={list} />
      <StatsChart subject={{ listId: list.id }} heading="Numbers over time" />
    </PageFrame>
  );
}

/** /lists/{databaseId}: one of the viewer's lists with its people (roles, place, totals) and posts. */
export default function ListPage() {
  const { listId } = useParams();
  const databaseId = listId && /^\d{1,15}$/.test(listId) ? Number(listId) : null;
  const { data, loading, error, fetchMore } = useQuery(
    ListPageDocument,
    databaseId ? { variables: { databaseId, first: LIST_PEOPLE_PAGE_SIZE }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true } : skipToken,
  );
  if (databaseId === null) return <ListNotFound />;
  const list = data?.listByDatabaseId;
  if (!data && (loading || error)) {
    return (
      <PageFrame heading="List" purpose={<Link to="/lists">All lists</Link>}>
        {error ? <p role="alert">{listErrorMessage(error)}</p> : <Skeleton lines={4} label="Loading list…" />}
      </PageFrame>
    );
  }
  if (!list) return <ListNotFound />;

  const loadMore = () =>
    void fetchMore({
      variables: { after: list.people.pageInfo.endCursor },
      updateQuery: (previous, { fetchMoreResult }) => {
        const before = previous.listByDatabaseId;
        const next = fetchMoreResult.listByDatabaseId;
        if (!before || !next) return fetchMoreResult;
        return { ...fetchMoreResult, listByDatabaseId: { ...next, people: { ...next.people, nodes: [...before.people.nodes, ...next.people.nodes] } } };
      },
    });
  return <ListView list={list} onMore={loadMore} loadingMore={loading} />;
}
