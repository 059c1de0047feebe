import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@router';
import { MAX_LIST_NAME_LENGTH } from '@domain/lists';
import { CreateListDocument, DeleteListDocument, RenameListDocument, ViewerListsDocument, type ListSummaryFragment } from '@gql/graphql';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { useToast } from '@ui/toastContext';
import { listErrorMessage } from './listErrors';
import { listSize } from './listSize';
import './lists.css';

function NewListForm() {
  const toast = useToast();
  const inputId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [createList, { loading }] = useMutation(CreateListDocument, { refetchQueries: ['ViewerLists'] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await createList({ variables: { input: { name } } });
      if (result.data) toast.success(`${result.data.createList.list.name} created`);
      setName('');
    } catch (failure) {
      setError(listErrorMessage(failure));
    }
  };

  return (
    <form className="lists__new" onSubmit={submit}>
      <label htmlFor={inputId}>New list</label>
      <div className="lists__new-row">
        <input
          id={inputId}
          className="text-input"
          value={name}
          maxLength={MAX_LIST_NAME_LENGTH}
          required
          aria-invalid={error !== null}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={loading}>
          {loading ? 'Creating...' : 'Create'}
        </button>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="lists__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function ListRow({ list }: { list: ListSummaryFragment }) {
  const toast = useToast();
  const inputId = useId();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(list.name);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [renameList, renameState] = useMutation(RenameListDocument);
  const [deleteList] = useMutation(DeleteListDocument, { refetchQueries: ['ViewerLists'] });

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await renameList({ variables: { input: { listId: list.id, name } } });
      setRenaming(false);
    } catch (failure) {
      toast.error(listErrorMessage(failure));
    }
  };

  const remove = async () => {
    setConfirmDelete(false);
    try {
      await deleteList({ variables: { input: { listId: list.id } } });
      toast.success(`${list.name} deleted`);
    } catch (failure) {
      toast.error(listErrorMessage(failure));
    }
  };

  return (
    <li className="lists__row">
      {renaming ? (
        <form className="lists__rename" onSubmit={rename}>
          <label htmlFor={inputId} className="visually-hidden">
            New name for {list.name}
          </label>
          <input id={inputId} className="text-input" value={name} maxLength={MAX_LIST_NAME_LENGTH} required autoFocus onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="button button--primary button--small" disabled={renameState.loading}>
            Save
          </button>
          <button type="button" className="button button--outline button--small" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="lists__summary">
          <Link to={`/lists/${list.databaseId}`} className="lists__name">
            {list.name}
          </Link>
          <span className="lists__size">{listSize(list)}</span>
        </div>
      )}
      {!renaming && (list.viewerCan.rename || list.viewerCan.delete) && (
        <div className="lists__actions">
          {list.viewerCan.rename && (
            <button type="button" className="button button--outline button--small" aria-label={`Rename ${list.name}`} onClick={() => setRenaming(true)}>
              Rename
            </button>
          )}
          {list.viewerCan.delete && (
            <button type="button" className="button button--outline button--small" aria-label={`Delete ${list.name}`} onClick={() => setConfirmDelete(true)}>
              Delete
            </button>
          )}
        </div>
      )}
      <ConfirmDialog open={confirmDelete} title={`Delete ${list.name}?`} yesLabel="Delete" noLabel="Cancel" primary="no" onYes={() => void remove()} onNo={() => setConfirmDelete(false)}>
        The list goes; the people and posts in it stay on Byline.
      </ConfirmDialog>
    </li>
  );
}

/** /lists: the viewer's lists (Favorites and Prospects first), a form to make one, rename and delete for their own. */
export default function ListsPage() {
  const { data, loading, error } = useQuery(ViewerListsDocument, { variables: { first: 100 }, fetchPolicy: 'cache-and-network' });
  const lists = data?.viewerLists.nodes;
  return (
    <PageFrame heading="Lists" purpose="Your lists of creators and posts, such as Favorites and Prospects. Only you see them.">
      <NewListForm />
      {!lists && loading && <Skeleton lines={3} label="Loading your lists…" />}
      {!lists && error && <p role="alert">{listErrorMessage(error)}</p>}
      {lists && (
        <ul className="lists" aria-label="Your lists">
          {lists.map((list) => (
            <ListRow key={list.id} list={list} />
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
