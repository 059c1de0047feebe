import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@router';
import {
  CreateProjectDeliverableDocument,
  DeleteProjectDeliverableDocument,
  LinkProjectDeliverablePostDocument,
  ProjectDeliverableAssignableDocument,
  ProjectDeliverablesDocument,
  UpdateProjectDeliverableDocument,
  type PostType,
  type ProjectDeliverableAssigneeFragment,
  type ProjectDeliverableRowFragment,
  type ProjectDeliverableStatus,
} from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { CheckboxList } from '@ui/CheckboxList';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { EmptyState } from '@ui/EmptyState';
import { formatDate } from '@ui/formatDate';
import { Select } from '@ui/Select';
import { TextField } from '@ui/TextField';
import { useToast } from '@ui/toastContext';
import type { ProjectTabProps } from './types';
import './deliverables.css';

/** A project's slate fits one page as a rule; Load more fetches the rest. */
export const DELIVERABLES_PAGE_SIZE = 50;
const REFETCH = { refetchQueries: [ProjectDeliverablesDocument] };

export const STATUS_LABELS: Readonly<Record<ProjectDeliverableStatus, string>> = {
  TO_DO: 'To do',
  IN_PROGRESS: 'In progress',
  IN_REVIEW: 'In review',
  APPROVED: 'Approved',
  PUBLISHED: 'Published',
};
/** PUBLISHED comes from linking the post, so it is not offered as a choice (docs/product.md §Projects). */
const STATUS_CHOICES: readonly ProjectDeliverableStatus[] = ['TO_DO', 'IN_PROGRESS', 'IN_REVIEW', 'APPROVED'];

const POST_TYPE_LABELS: Readonly<Record<PostType, string>> = { VIDEO: 'Video', IMAGE: 'Image', GIF: 'GIF', TEXT: 'Text', STORY: 'Story' };
const POST_TYPE_OPTIONS = (Object.keys(POST_TYPE_LABELS) as PostType[]).map((value) => ({ value, label: POST_TYPE_LABELS[value] }));

function refusalMessage(failure: unknown): string {
  return serverRefusal(failure)?.message ?? 'Byline could not be reached. Try again.';
}

function personName(collaborator: ProjectDeliverableAssigneeFragment): string {
  if (!collaborator.user) return 'Invited by email';
  return collaborator.user.name ?? (collaborator.user.username ? `@${collaborator.user.username}` : 'A member');
}

/** A due day as people read it: the stored day itself, whatever the reader's time zone. */
function dueDay(dueOn: string): string {
  return formatDate(`${dueOn}T00:00:00Z`, 'UTC');
}

/** Paste the published post's link: the deliverable becomes published and its people are credited on it. */
function LinkPostForm({ deliverable }: { deliverable: ProjectDeliverableRowFragment }) {
  const toast = useToast();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [linkPost, { loading }] = useMutation(LinkProjectDeliverablePostDocument, REFETCH);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { data } = await linkPost({ variables: { input: { deliverableId: deliverable.id, url: url.trim() } } });
      const answer = data?.linkProjectDeliverablePost;
      setUrl('');
      if (answer && answer.offeredCreditCount > 0) toast.success(`Published. ${answer.offeredCreditCount} ${answer.offeredCreditCount === 1 ? 'person was' : 'people were'} offered to credit themselves on it.`);
      else if (answer && answer.proposedCreditCount > 0) toast.success(`Published. ${answer.proposedCreditCount} ${answer.proposedCreditCount === 1 ? 'credit was' : 'credits were'} proposed on the post.`);
      else toast.success('Published.');
    } catch (failure) {
      setError(refusalMessage(failure));
    }
  };

  return (
    <form className="deliverables__link" onSubmit={submit} aria-label={`Link the published post of ${deliverable.title}`}>
      <TextField label="Link the published post" type="url" value={url} required placeholder="https://…" onChange={setUrl} error={error} />
      <button type="submit" className="button button--outline" disabled={loading || url.trim() === ''}>
        {loading ? 'Linking...' : 'Link post'}
      </button>
    </form>
  );
}

function DeliverableItem({ deliverable, canEdit }: { deliverable: ProjectDeliverableRowFragment; canEdit: boolean }) {
  const toast = useToast();
  const headingId = useId();
  const [confirm, setConfirm] = useState(false);
  const [update] = useMutation(UpdateProjectDeliverableDocument);
  const [remove] = useMutation(DeleteProjectDeliverableDocument, REFETCH);
  const published = deliverable.status === 'PUBLISHED';

  const setStatus = async (status: ProjectDeliverableStatus) => {
    try {
      await update({ variables: { input: { deliverableId: deliverable.id, status } } });
    } catch (failure) {
      toast.error(refusalMessage(failure));
    }
  };
  const confirmRemove = async () => {
    setConfirm(false);
    try {
      await remove({ variables: { input: { deliverableId: deliverable.id } } });
      toast.success(`Deleted ${deliverable.title}`);
    } catch (failure) {
      toast.error(refusalMessage(failure));
    }
  };

  return (
    <li className={deliverable.isOverdue ? 'deliverables__item deliverables__item--overdue' : 'deliverables__item'} aria-labelledby={headingId} data-testid="deliverable">
      <div className="deliverables__head">
        <h3 id={headingId} className="deliverables__title">
          {deliverable.title}
        </h3>
        {canEdit && !published ? (
          <Select label={`Status of ${deliverable.title}`} hideLabel className="deliverables__status-select" value={deliverable.status} options={STATUS_CHOICES.map((value) => ({ value, label: STATUS_LABELS[value] }))} onChange={(status) => void setStatus(status)} />
        ) : (
          <span className={`deliverables__status deliverables__status--${deliverable.status.toLowerCase()}`}>{STATUS_LABELS[deliverable.status]}</span>
        )}
      </div>
      <p className="deliverables__meta">
        {deliverable.network.title} · {POST_TYPE_LABELS[deliverable.postType]} · Due <time dateTime={deliverable.dueOn}>{dueDay(deliverable.dueOn)}</time>
        {deliverable.isOverdue && <strong className="deliverables__overdue"> · Overdue</strong>}
      </p>
      <p className="deliverables__meta">
        {deliverable.assignees.length === 0 ? 'Nobody assigned' : `Assigned to ${deliverable.assignees.map(personName).join(', ')}`}
      </p>
      {deliverable.post && (
        <p className="deliverables__meta">
          <Link to={`/posts/${deliverable.post.databaseId}`}>See the published post</Link>
        </p>
      )}
      {canEdit && (
        <div className="deliverables__actions">
          {!published && <LinkPostForm deliverable={deliverable} />}
          <button type="button" className="button button--outline" onClick={() => setConfirm(true)}>
            Delete<span className="visually-hidden"> {deliverable.title}</span>
          </button>
        </div>
      )}
      <ConfirmDialog open={confirm} title={`Delete ${deliverable.title}?`} yesLabel="Delete" noLabel="Cancel" primary="no" onYes={() => void confirmRemove()} onNo={() => setConfirm(false)}>
        Its post and the credits on it stay.
      </ConfirmDialog>
    </li>
  );
}

interface AddFormProps {
  projectId: string;
  networks: ReadonlyArray<{ id: string; title: string }>;
}

/** Whom a deliverable can be assigned to: a project's people fit one page (the collaborators tab shows as many). */
const ASSIGNABLE_PAGE_SIZE = 100;

function AddDeliverableForm({ projectId, networks }: AddFormProps) {
  const assignableAnswer = useQuery(ProjectDeliverableAssignableDocument, { variables: { projectId, first: ASSIGNABLE_PAGE_SIZE } }).data?.node;
  const people: readonly ProjectDeliverableAssigneeFragment[] = assignableAnswer?.__typename === 'Project' ? assignableAnswer.collaborators.nodes : [];
  const toast = useToast();
  const dueId = useId();
  const [title, setTitle] = useState('');
  const [networkId, setNetworkId] = useState(networks[0]?.id ?? '');
  const [postType, setPostType] = useState<PostType>('VIDEO');
  const [dueOn, setDueOn] = useState('');
  const [assigneeIds, setAssigneeIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateProjectDeliverableDocument, REFETCH);
  const assignable = people.filter((person) => person.status !== 'DECLINED');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await create({ variables: { input: { projectId, title, networkId: networkId || networks[0]!.id, postType, dueOn, assigneeIds } } });
      toast.success(`Added ${title.trim()}`);
      setTitle('');
      setDueOn('');
      setAssigneeIds([]);
    } catch (failure) {
      setError(refusalMessage(failure));
    }
  };

  return (
    <form className="deliverables__form" onSubmit={submit} aria-labelledby="deliverables-add">
      <h3 id="deliverables-add" className="deliverables__subheading">
        Add a deliverable
      </h3>
      <TextField label="Title" value={title} required maxLength={120} onChange={setTitle} />
      <div className="deliverables__row">
        <Select label="Network" value={networkId || (networks[0]?.id ?? '')} options={networks.map((network) => ({ value: network.id, label: network.title }))} onChange={setNetworkId} />
        <Select label="Post type" value={postType} options={POST_TYPE_OPTIONS} onChange={setPostType} />
        <div className="text-field">
          <label htmlFor={dueId} className="text-field__label">
            Due date
          </label>
          <input id={dueId} type="date" className="text-input text-field__input" value={dueOn} required onChange={(event) => setDueOn(event.target.value)} />
        </div>
      </div>
      {assignable.length > 0 && <CheckboxList label="Assignees" options={assignable.map((person) => ({ value: person.id, label: `${personName(person)} (${person.creditRole.name})` }))} values={assigneeIds} onChange={setAssigneeIds} />}
      {error && (
        <p className="deliverables__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={loading || networks.length === 0}>
        {loading ? 'Adding...' : 'Add deliverable'}
      </button>
    </form>
  );
}

/**
 * The project's Deliverables tab (docs/product.md §Projects): what is to be published, by due
 * date, late ones marked; owners and editors add them, move them along, and link the published
 * post, which credits the people on it.
 */
export default function DeliverablesTab({ projectId, can }: ProjectTabProps) {
  const { data, loading, error, fetchMore } = useQuery(ProjectDeliverablesDocument, { variables: { projectId, first: DELIVERABLES_PAGE_SIZE }, notifyOnNetworkStatusChange: true });
  const project = data?.node?.__typename === 'Project' ? data.node : null;
  const deliverables = project?.deliverables;

  const loadMore = () =>
    fetchMore({
      variables: { after: deliverables?.pageInfo.endCursor ?? null },
      updateQuery: (previous, { fetchMoreResult }) => {
        const before = previous.node?.__typename === 'Project' ? previous.node : null;
        const more = fetchMoreResult.node?.__typename === 'Project' ? fetchMoreResult.node : null;
        if (!before || !more) return fetchMoreResult;
        return { ...fetchMoreResult, node: { ...more, deliverables: { ...more.deliverables, nodes: [...before.deliverables.nodes, ...more.deliverables.nodes] } } };
      },
    });

  return (
    <section className="deliverables" aria-labelledby="deliverables-heading">
      <h2 id="deliverables-heading" className="deliverables__heading">
        Deliverables
        {deliverables && <span className="deliverables__count"> ({deliverables.totalCount})</span>}
      </h2>
      {error && !data && (
        <p className="deliverables__error" role="alert">
          {refusalMessage(error)}
        </p>
      )}
      {loading && !data && <p aria-busy="true">Loading deliverables…</p>}
      {deliverables && deliverables.nodes.length === 0 && <EmptyState title="No deliverables yet.">{can.edit ? 'Add what this project is to publish below.' : null}</EmptyState>}
      {deliverables && deliverables.nodes.length > 0 && (
        <ul className="deliverables__list" aria-label="Deliverables">
          {deliverables.nodes.map((deliverable) => (
            <DeliverableItem key={deliverable.id} deliverable={deliverable} canEdit={can.edit} />
          ))}
        </ul>
      )}
      {deliverables?.pageInfo.hasNextPage && (
        <button type="button" className="button button--outline" disabled={loading} onClick={() => void loadMore()}>
          Load more deliverables
        </button>
      )}
      {can.edit && data && <AddDeliverableForm projectId={projectId} networks={data.networks} />}
    </section>
  );
}
