import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from '@router';
import { ConversationsDocument, StartConversationDocument } from '@gql/graphql';
import { Modal } from '@ui/Modal';
import { MessageComposer } from './MessageComposer';
import { messageErrorMessage } from './messageErrors';
import type { MessageTarget } from './MessageButton';

/**
 * Writing to someone from wherever they were found: the first message starts the conversation or
 * goes into the one the two already have (about the same job or project), then a link opens it.
 */
export default function ComposeDialog({ target, onClose }: { target: MessageTarget; onClose: () => void }) {
  const [start] = useMutation(StartConversationDocument, { refetchQueries: [ConversationsDocument] });
  const [sentTo, setSentTo] = useState<number | null>(null);
  const about = target.jobName ? ` about ${target.jobName}` : target.projectName ? ` about ${target.projectName}` : '';
  return (
    <Modal title={`Message ${target.name}${about}`} onClose={onClose} className="compose-dialog">
      {sentTo !== null ? (
        <div className="compose-dialog__sent">
          <p role="status">Message sent.</p>
          <Link to={`/messages/${sentTo}`} className="button button--primary">
            Open the conversation
          </Link>
        </div>
      ) : (
        <MessageComposer
          label={`Write to ${target.name}`}
          autoFocus
          onSend={async (body) => {
            try {
              const result = await start({ variables: { input: { userId: target.userId, jobId: target.jobId ?? null, projectId: target.projectId ?? null, body } } });
              setSentTo(result.data?.startConversation.conversation.databaseId ?? null);
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
