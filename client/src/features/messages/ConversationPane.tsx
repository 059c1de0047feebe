import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from '@router';
import { CONVERSATION_MESSAGES } from '@domain/conversations';
import {
  BlockUserDocument,
  ConversationDocument,
  ConversationsDocument,
  MarkConversationReadDocument,
  NotificationCountsDocument,
  OlderMessagesDocument,
  ReportUserDocument,
  SendMessageDocument,
  UnblockUserDocument,
  type ConversationMessageFragment,
  type ConversationQuery,
} from '@gql/graphql';
import { Avatar } from '@ui/Avatar';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { DateText } from '@ui/DateText';
import { linkify } from '@ui/linkify';
import { Modal } from '@ui/Modal';
import { Skeleton } from '@ui/Skeleton';
import { MessageComposer } from './MessageComposer';
import { conversationGlobalId, messageErrorMessage } from './messageErrors';

export const CONVERSATION_PAGE_SIZE = 50;

type LoadedConversation = NonNullable<ConversationQuery['conversation']>;

function personName(user: { name?: string | null; username?: string | null }): string {
  return user.name ?? (user.username ? `@${user.username}` : 'Someone');
}

/** What a conversation is about, when it was started from a job or a project. */
export function ConversationContext({ conversation }: { conversation: Pick<LoadedConversation, 'job' | 'project'> }) {
  if (conversation.job) return <span className="conversation-context">About the job {conversation.job.name}</span>;
  if (conversation.project) return <span className="conversation-context">About the project {conversation.project.name}</span>;
  return null;
}

/** Report a person to the admins, with a reason. */
function ReportDialog({ conversation, onClose }: { conversation: LoadedConversation; onClose: () => void }) {
  const [report] = useMutation(ReportUserDocument);
  const [done, setDone] = useState(false);
  const name = personName(conversation.otherParticipant);
  return (
    <Modal title={`Report ${name}`} onClose={onClose}>
      {done ? (
        <>
          <p role="status">Thank you. The admins will look at your report.</p>
          <button type="button" className="button button--outline" onClick={onClose}>
            Close
          </button>
        </>
      ) : (
        <MessageComposer
          label="Why are you reporting this person?"
          submitLabel="Report"
          autoFocus
          onSend={async (reason) => {
            try {
              await report({ variables: { input: { userId: conversation.otherParticipant.id, reason, conversationId: conversation.id } } });
              setDone(true);
              return null;
            } catch (error) {
              return messageErrorMessage(error);
            }
          }}
        />
      )}
    </Modal>
  );
}

/** What blocking does, said before it is done (docs/product.md §Messages). */
export function blockExplanation(name: string): string {
  return `Neither of you will be able to write to the other, in this conversation or a new one, until you unblock ${name}. They are not told.`;
}

interface OlderPages {
  /** Oldest first, before the newest page. */
  messages: ConversationMessageFragment[];
  cursor: string | null;
  hasMore: boolean;
}

/**
 * "Show older messages": the pages before the newest one, loaded one at a time and kept apart
 * from the newest page (which is fetched again as messages arrive). Whoever reads keeps their
 * place: the distance from the bottom of the list is the same after the page comes in.
 */
function useOlderMessages(id: string, newest: { hasPreviousPage: boolean; startCursor?: string | null } | undefined) {
  const client = useApolloClient();
  const list = useRef<HTMLOListElement>(null);
  const [older, setOlder] = useState<OlderPages | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const keepFromBottom = useRef<number | null>(null);
  // The button goes once the first message is shown: focus moves to the list, not to the page's top.
  const focusList = useRef(false);
  const hasMore = older ? older.hasMore : (newest?.hasPreviousPage ?? false);
  const cursor = older ? older.cursor : (newest?.startCursor ?? null);

  useLayoutEffect(() => {
    const element = list.current;
    if (keepFromBottom.current === null || !element) return;
    element.scrollTop = element.scrollHeight - keepFromBottom.current;
    keepFromBottom.current = null;
    if (focusList.current) element.focus({ preventScroll: true });
    focusList.current = false;
  }, [older]);

  const loadOlder = async () => {
    if (!cursor || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const { data } = await client.query({ query: OlderMessagesDocument, variables: { id, last: CONVERSATION_PAGE_SIZE, before: cursor }, fetchPolicy: 'network-only' });
      const page = data?.conversation?.messages;
      if (!page) throw new Error('conversation gone');
      const element = list.current;
      keepFromBottom.current = element ? element.scrollHeight - element.scrollTop : null;
      focusList.current = !page.pageInfo.hasPreviousPage;
      setOlder((current) => ({ messages: [...page.nodes, ...(current?.messages ?? [])], cursor: page.pageInfo.startCursor ?? null, hasMore: page.pageInfo.hasPreviousPage }));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return { olderMessages: older?.messages ?? [], hasMore, loading, failed, loadOlder, listRef: list };
}

/**
 * One conversation: its messages (plain text, web addresses linked, everything else escaped), the
 * box to answer, and blocking and reporting the other person (docs/product.md §Messages). Opening
 * it, and every new message while it is open, marks it read.
 */
export function ConversationPane({ databaseId, refreshKey }: { databaseId: number; refreshKey: number | undefined }) {
  const id = conversationGlobalId(databaseId);
  const { data, loading, refetch } = useQuery(ConversationDocument, { variables: { id, last: CONVERSATION_PAGE_SIZE } });
  const [markRead] = useMutation(MarkConversationReadDocument, { refetchQueries: [NotificationCountsDocument] });
  const [send] = useMutation(SendMessageDocument, { refetchQueries: [ConversationsDocument] });
  const [block] = useMutation(BlockUserDocument);
  const [unblock] = useMutation(UnblockUserDocument);
  const [reporting, setReporting] = useState(false);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const endRef = useRef<HTMLLIElement>(null);
  const conversation = data?.conversation ?? null;
  const lastMessageId = conversation?.lastMessage?.id;
  const newestShownId = conversation?.messages.nodes.at(-1)?.id;
  const { olderMessages, hasMore, loading: loadingOlder, failed: olderFailed, loadOlder, listRef } = useOlderMessages(id, conversation?.messages.pageInfo);

  // The live list wrote a newer last message into the cache (sent from another tab, or received):
  // fetch the messages again.
  useEffect(() => {
    if (lastMessageId && newestShownId && lastMessageId !== newestShownId) void refetch();
  }, [lastMessageId, newestShownId, refetch]);

  // A new message heard about on the live count: fetch the conversation again.
  const firstRefresh = useRef(refreshKey);
  useEffect(() => {
    if (refreshKey !== firstRefresh.current) void refetch();
  }, [refreshKey, refetch]);

  useEffect(() => {
    if (conversation?.unread) void markRead({ variables: { input: { conversationId: conversation.id } } });
  }, [conversation?.id, conversation?.unread, lastMessageId, markRead]);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [lastMessageId]);

  if (loading && !conversation) return <Skeleton lines={4} />;
  if (!conversation) {
    return (
      <div className="conversation conversation--missing">
        <p>{CONVERSATION_MESSAGES.conversationNotFound}.</p>
        <Link to="/messages">All messages</Link>
      </div>
    );
  }

  const other = conversation.otherParticipant;
  const name = personName(other);
  const newestIds = new Set(conversation.messages.nodes.map((message) => message.id));
  const messages = [...olderMessages.filter((message) => !newestIds.has(message.id)), ...conversation.messages.nodes];
  const setBlocked = async (blocked: boolean) => {
    const input = { userId: other.id };
    await (blocked ? block({ variables: { input } }) : unblock({ variables: { input } }));
    await refetch();
  };

  return (
    <article className="conversation" aria-labelledby={`conversation-${databaseId}-title`}>
      <header className="conversation__head">
        <Link to="/messages" className="conversation__back">
          <span aria-hidden="true">←</span> All messages
        </Link>
        <Avatar name={name} avatarUrl={other.avatarUrl ?? null} />
        <div className="conversation__who">
          <h2 id={`conversation-${databaseId}-title`}>{other.username ? <Link to={`/${other.username}`}>{name}</Link> : name}</h2>
          <ConversationContext conversation={conversation} />
        </div>
        <div className="conversation__tools">
          <button type="button" className="button button--outline button--small" onClick={() => (conversation.viewerCan.unblock ? void setBlocked(false) : setConfirmingBlock(true))}>
            {conversation.viewerCan.unblock ? 'Unblock' : 'Block'}
          </button>
          <button type="button" className="button button--outline button--small" onClick={() => setReporting(true)}>
            Report
          </button>
        </div>
      </header>
      {hasMore && (
        <div className="conversation__older">
          <button type="button" className="button button--outline button--small" onClick={() => void loadOlder()} disabled={loadingOlder} aria-describedby={olderFailed ? `conversation-${databaseId}-older-error` : undefined}>
            {loadingOlder ? 'Loading older messages…' : 'Show older messages'}
          </button>
          {olderFailed && (
            <p id={`conversation-${databaseId}-older-error`} role="alert" className="conversation__older-error">
              Older messages could not be loaded. Please try again.
            </p>
          )}
        </div>
      )}
      <ol ref={listRef} className="conversation__messages" aria-label={`Messages with ${name}`} tabIndex={-1}>
        {messages.map((message) => (
          <li key={message.id} className={message.fromViewer ? 'message message--mine' : 'message'}>
            <span className="visually-hidden">{message.fromViewer ? 'You' : name}: </span>
            <div className="message__body">{linkify(message.body)}</div>
            <span className="message__time">
              <DateText iso={String(message.createdAt)} />
            </span>
          </li>
        ))}
        <li ref={endRef} aria-hidden="true" className="conversation__end" />
      </ol>
      {conversation.viewerCan.sendMessage ? (
        <MessageComposer
          label={`Write to ${name}`}
          onSend={async (body) => {
            try {
              await send({ variables: { input: { conversationId: conversation.id, body } } });
              await refetch();
              return null;
            } catch (error) {
              return messageErrorMessage(error);
            }
          }}
        />
      ) : (
        <p className="conversation__closed" role="status">
          {CONVERSATION_MESSAGES.cannotMessage}
        </p>
      )}
      <ConfirmDialog
        open={confirmingBlock}
        title={`Block ${name}?`}
        yesLabel="Block"
        noLabel="Cancel"
        onYes={() => {
          setConfirmingBlock(false);
          void setBlocked(true);
        }}
        onNo={() => setConfirmingBlock(false)}
      >
        {blockExplanation(name)}
      </ConfirmDialog>
      {reporting && <ReportDialog conversation={conversation} onClose={() => setReporting(false)} />}
    </article>
  );
}
