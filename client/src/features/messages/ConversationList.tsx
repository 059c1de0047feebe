import { Link } from '@router';
import type { ConversationSummaryFragment } from '@gql/graphql';
import { Avatar } from '@ui/Avatar';
import { DateText } from '@ui/DateText';

function personName(user: { name?: string | null; username?: string | null }): string {
  return user.name ?? (user.username ? `@${user.username}` : 'Someone');
}

/** The first line of the last message, as a preview. */
function preview(conversation: ConversationSummaryFragment): string {
  const message = conversation.lastMessage;
  if (!message) return '';
  const firstLine = message.body.split('\n')[0] ?? '';
  return `${message.fromViewer ? 'You: ' : ''}${firstLine}`;
}

/** The viewer's conversations, newest activity first; an unread one is marked in words and weight, not colour alone. */
export function ConversationList({ conversations, selectedDatabaseId }: { conversations: readonly ConversationSummaryFragment[]; selectedDatabaseId: number | null }) {
  return (
    <ul className="conversation-list">
      {conversations.map((conversation) => {
        const name = personName(conversation.otherParticipant);
        const selected = conversation.databaseId === selectedDatabaseId;
        const about = conversation.job?.name ?? conversation.project?.name ?? null;
        return (
          <li key={conversation.id} className={['conversation-list__item', conversation.unread && 'conversation-list__item--unread', selected && 'conversation-list__item--selected'].filter(Boolean).join(' ')}>
            <Link to={`/messages/${conversation.databaseId}`} aria-current={selected ? 'page' : undefined} className="conversation-list__link">
              <Avatar name={name} avatarUrl={conversation.otherParticipant.avatarUrl ?? null} />
              <span className="conversation-list__text">
                <span className="conversation-list__name">
                  {name}
                  {conversation.unread && <span className="conversation-list__unread"> (unread)</span>}
                </span>
                {about && <span className="conversation-list__about">{about}</span>}
                <span className="conversation-list__preview">{preview(conversation)}</span>
              </span>
              <span className="conversation-list__time">
                <DateText iso={String(conversation.lastMessageAt)} />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
