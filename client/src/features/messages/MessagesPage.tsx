import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from '@router';
import { ConversationActivityDocument, ConversationsDocument, type ConversationsQuery } from '@gql/graphql';
import { useLiveQuery } from '@shell/useLiveQuery';
import { useCachedLiveCounts } from '@shell/useNewNotificationCount';
import { EmptyState } from '@ui/EmptyState';
import { Skeleton } from '@ui/Skeleton';
import { ConversationList } from './ConversationList';
import { ConversationPane } from './ConversationPane';
import './messages.css';

export const CONVERSATIONS_PAGE_SIZE = 30;
export const EMPTY_CONVERSATIONS = 'No messages yet. Write to someone from their profile, a creator card, a list or a job application.';
/** How often the list is asked for again while the live connection cannot be made (as the counts are). */
const CONVERSATIONS_POLL_MS = 30_000;

/** The list after a message in `updated`: that conversation first, with its newest text; the rest as they were. */
export function withConversationOnTop(current: ConversationsQuery, updated: ConversationsQuery['conversations']['nodes'][number]): ConversationsQuery {
  const rest = current.conversations.nodes.filter((conversation) => conversation.id !== updated.id);
  return { ...current, conversations: { ...current.conversations, nodes: [updated, ...rest] } };
}

/**
 * /messages and /messages/{databaseId} (docs/product.md §Messages): the viewer's conversations
 * beside the open one; on a small screen one column, the list or the open conversation. The list
 * is live: a message in any conversation, received or sent from another tab, moves it to the top
 * (the conversation subscription; polling while the socket is cut off). The live unread count
 * (the top bar's subscription, read from the cache) fetches both again when it moves.
 */
export default function MessagesPage() {
  const { conversationId } = useParams<'conversationId'>();
  // An address that names no conversation (not a number) opens as one that is not found, as its status says.
  const selected = conversationId === undefined ? null : /^\d{1,10}$/.test(conversationId) ? Number(conversationId) : 0;
  const counts = useCachedLiveCounts();
  const unreadConversations = counts?.unreadConversations;
  // "Show more" asks for a longer first page (at most 100, the API's page size) rather than merging pages.
  const [pageSize, setPageSize] = useState(CONVERSATIONS_PAGE_SIZE);
  const latest = useRef<ConversationsQuery | undefined>(undefined);
  const { data, loading } = useLiveQuery(ConversationsDocument, {
    variables: { first: pageSize },
    subscription: ConversationActivityDocument,
    merge: (event) => (latest.current ? withConversationOnTop(latest.current, event.conversationActivity) : null),
    pollIntervalMs: CONVERSATIONS_POLL_MS,
  });
  useEffect(() => {
    latest.current = data;
  }, [data]);
  // Read elsewhere (another tab): the unread marks change with the count, so the list is asked again.
  const client = useApolloClient();
  const firstCount = useRef(unreadConversations);
  useEffect(() => {
    if (unreadConversations !== firstCount.current) void client.refetchQueries({ include: [ConversationsDocument] });
  }, [unreadConversations, client]);

  const connection = data?.conversations;
  return (
    <div className={selected === null ? 'messages-page' : 'messages-page messages-page--open'}>
      <section className="messages-page__list" aria-labelledby="messages-heading">
        <h1 id="messages-heading">Messages</h1>
        {loading && !connection ? (
          <Skeleton lines={4} />
        ) : connection && connection.nodes.length > 0 ? (
          <>
            <ConversationList conversations={connection.nodes} selectedDatabaseId={selected} />
            {connection.pageInfo.hasNextPage && pageSize < 100 && (
              <button type="button" className="button button--outline" onClick={() => setPageSize(Math.min(100, pageSize + CONVERSATIONS_PAGE_SIZE))}>
                Show more
              </button>
            )}
          </>
        ) : (
          <EmptyState title="No messages yet">{EMPTY_CONVERSATIONS}</EmptyState>
        )}
      </section>
      <section className="messages-page__pane" aria-label="Conversation">
        {selected === null ? <p className="messages-page__hint">Choose a conversation to read it.</p> : <ConversationPane key={selected} databaseId={selected} refreshKey={unreadConversations} />}
      </section>
    </div>
  );
}
