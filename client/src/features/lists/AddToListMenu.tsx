import { skipToken, useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { MAX_LIST_NAME_LENGTH } from '@domain/lists';
import { AddToListDocument, CreateListDocument, ListMembershipDocument, RemoveFromListDocument, ViewerListsDocument } from '@gql/graphql';
import { Skeleton } from '@ui/Skeleton';
import { useToast } from '@ui/toastContext';
import type { AddToListTarget } from './AddToListButton';
import { listErrorMessage } from './listErrors';

/**
 * The open "Add to list" menu: the viewer's lists with a checkmark where the item is, and
 * "New list…". Loaded on the button's first hover, focus or click (AddToListButton), so pages
 * with a button per card do not carry it in their first load (docs/product.md §Performance).
 */
export default function AddToListMenu({ id, itemId, target }: { id: string; itemId: string; target: AddToListTarget }) {
  const toast = useToast();
  const lists = useQuery(ViewerListsDocument, { variables: { first: 100 }, fetchPolicy: 'cache-and-network' });
  const membership = useQuery(ListMembershipDocument, itemId ? { variables: { id: itemId }, fetchPolicy: 'cache-and-network' } : skipToken);
  const [addToList] = useMutation(AddToListDocument);
  const [removeFromList] = useMutation(RemoveFromListDocument);
  const [createList] = useMutation(CreateListDocument);
  const [busyListId, setBusyListId] = useState<string | null>(null);
  // The box flips at once while the change is on its way; the server's answer then settles it.
  const [pendingChecked, setPendingChecked] = useState<{ listId: string; checked: boolean } | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const nameId = useId();

  const node = membership.data?.node;
  const inLists = new Set(node && 'viewerListIds' in node ? node.viewerListIds : []);
  const item = target.userId ? { userId: target.userId } : { postId: target.postId };

  const toggle = async (listId: string, listName: string) => {
    const holds = inLists.has(listId);
    setBusyListId(listId);
    setPendingChecked({ listId, checked: !holds });
    try {
      if (holds) await removeFromList({ variables: { input: { listId, ...item } } });
      else await addToList({ variables: { input: { listId, ...item } } });
      toast.success(holds ? `Removed from ${listName}` : `Added to ${listName}`);
    } catch (error) {
      toast.error(listErrorMessage(error));
    } finally {
      setBusyListId(null);
      setPendingChecked(null);
    }
  };

  const isChecked = (listId: string) => (pendingChecked?.listId === listId ? pendingChecked.checked : inLists.has(listId));

  const createAndAdd = async (event: FormEvent) => {
    event.preventDefault();
    setBusyListId('new');
    try {
      const created = await createList({ variables: { input: { name } }, refetchQueries: ['ViewerLists'] });
      const list = created.data?.createList.list;
      if (list) {
        await addToList({ variables: { input: { listId: list.id, ...item } } });
        toast.success(`Added to ${list.name}`);
      }
      setName('');
      setNaming(false);
    } catch (error) {
      toast.error(listErrorMessage(error));
    } finally {
      setBusyListId(null);
    }
  };

  const loaded = lists.data?.viewerLists.nodes;
  return (
    <div id={id} className="add-to-list__menu" role="group" aria-label="Your lists">
      {!loaded && lists.loading && <Skeleton lines={2} label="Loading your lists…" />}
      {!loaded && lists.error && <p role="alert">{listErrorMessage(lists.error)}</p>}
      {loaded && (
        <ul className="add-to-list__lists">
          {loaded.map((list) => (
            <li key={list.id}>
              <label className="add-to-list__choice">
                <input type="checkbox" checked={isChecked(list.id)} disabled={busyListId !== null || !membership.data} onChange={() => void toggle(list.id, list.name)} />
                <span>{list.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {naming ? (
        <form className="add-to-list__new" onSubmit={createAndAdd}>
          <label htmlFor={nameId} className="visually-hidden">
            List name
          </label>
          <input id={nameId} className="text-input" value={name} maxLength={MAX_LIST_NAME_LENGTH} placeholder="List name" autoFocus required onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="button button--primary button--small" disabled={busyListId !== null}>
            Create
          </button>
        </form>
      ) : (
        <button type="button" className="add-to-list__new-button" onClick={() => setNaming(true)}>
          New list…
        </button>
      )}
    </div>
  );
}
