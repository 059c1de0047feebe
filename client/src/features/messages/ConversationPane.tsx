import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@router';
import { CONVERSATION_MESSAGES } from '@domain/conversations';
import {
  BlockUserDocument,
  ConversationDocument,
  ConversationsDocument,
  MarkConversationReadDocument,
  NotificationCountsDocument,
  ReportUserDocument,
  SendMessageDocument,
  UnblockUserDocument,
  type ConversationQuery,
} from '@gql/graphql';
import { Avatar } from '@ui/Avatar';
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
  const endRef = useRef<HTMLLIElement>(null);
  const conversation = data?.conversation ?? null;
  const lastMessageId = conversation?.lastMessage?.id;

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
  const messages = conversation.messages.nodes;
  const toggleBlock = async () => {
    const input = { userId: other.id };
    await (conversation.viewerCan.unblock ? unblock({ variables: { input } }) : block({ variables: { input } }));
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
          <button type="button" className="button button--outline button--small" onClick={() => void toggleBlock()}>
            {conversation.viewerCan.unblock ? 'Unblock' : 'Block'}
          </button>
          <button type="button" className="button button--outline button--small" onClick={() => setReporting(true)}>
            Report
          </button>
        </div>
      </header>
      <ol className="conversation__messages" aria-label={`Messages with ${name}`}>
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
      {reporting && <ReportDialog conversation={conversation} onClose={() => setReporting(false)} />}
    </article>
  );
}
