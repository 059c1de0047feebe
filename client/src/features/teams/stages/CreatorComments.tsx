import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { CommentOnTeamCreatorDocument, TeamCreatorCommentsDocument } from '@gql/graphql';
import { DateText } from '@ui/DateText';
import { EmptyState } from '@ui/EmptyState';
import { Modal } from '@ui/Modal';
import { Skeleton } from '@ui/Skeleton';
import { teamRefusal } from '../teamErrors';
import { useTeamTools } from '../teamTools';

/** The team's comments about one creator on its board, and a form to add one. */
export default function CreatorComments({ creatorId, name, onClose }: { creatorId: string; name: string; onClose: () => void }) {
  const tools = useTeamTools();
  const inputId = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { data, loading } = useQuery(TeamCreatorCommentsDocument, { variables: { id: creatorId, first: 50 }, fetchPolicy: 'cache-and-network' });
  const [comment, commenting] = useMutation(CommentOnTeamCreatorDocument, { refetchQueries: ['TeamCreatorComments', 'TeamBoard'] });
  const comments = data?.node?.__typename === 'TeamCreator' ? data.node.teamComments.nodes : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!tools.upgradeCheck()) return;
    try {
      await comment({ variables: { input: { creatorId, body } } });
      setBody('');
    } catch (failure) {
      const refusal = teamRefusal(failure);
      if (refusal.needsTeamsSubscription) tools.showUpgrade();
      else setError(refusal.message);
    }
  };

  return (
    <Modal title={`Comments on ${name}`} onClose={onClose}>
      {loading && !data ? (
        <Skeleton lines={3} label="Loading comments…" />
      ) : comments.length === 0 ? (
        <EmptyState title="No comments yet." />
      ) : (
        <ul className="teams__list">
          {comments.map((item) => (
            <li key={item.id} className="board__comment">
              <p>{item.body}</p>
              <span className="teams__muted">
                {item.author?.name ?? item.author?.username ?? 'A former member'} · <DateText iso={item.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="teams__create" onSubmit={submit}>
        <label htmlFor={inputId}>Comment</label>
        <textarea id={inputId} className="text-input" value={body} required maxLength={2000} rows={3} onChange={(event) => setBody(event.target.value)} />
        {error && (
          <p className="teams__error" role="alert">
            {error}
          </p>
        )}
        <div className="teams__actions">
          <button type="submit" className="button button--primary" disabled={commenting.loading}>
            Add comment
          </button>
        </div>
      </form>
    </Modal>
  );
}
