import { useMutation, useQuery } from '@apollo/client/react';
import { lazy, useState } from 'react';
import { Part } from '@ui/Part';
import * as MESSAGES from '@domain/messages';
import { AddCreditDocument, AddCreditOptionsDocument, AddToListDocument, RefreshPostStatsDocument, RemoveFromMyPostsDocument, ViewerDocument, ViewerListsDocument, type ManagerRowFragment } from '@gql/graphql';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { Select } from '@ui/Select';

// The dialog (person and role pickers, profile-link recognition) loads when it is about to open:
// on the Credit someone… button's first hover, focus or click (docs/product.md §Performance).
const loadBulkCreditDialog = () => import('./BulkCreditDialog');
const BulkCreditDialog = lazy(() => loadBulkCreditDialog().then((module) => ({ default: module.BulkCreditDialog })));

interface SelectionActionsProps {
  rows: ManagerRowFragment[];
  onDone: (options: { clearSelection: boolean }) => void;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Runs one call per post and counts what worked; a refused one (already credited, already in the list) is counted apart. */
async function eachPost(postIds: string[], run: (postId: string) => Promise<unknown>): Promise<{ done: number; refused: number }> {
  let done = 0;
  let refused = 0;
  for (const postId of postIds) {
    try {
      await run(postId);
      done += 1;
    } catch {
      refused += 1;
    }
  }
  return { done, refused };
}

/**
 * What the selected rows can have done to them: credit the viewer in a role (or anyone, through
 * the add-credit dialog's person and role pickers), add to a list,
 * refresh the numbers now, or take them out of the viewer's posts.
 */
export function SelectionActions({ rows, onDone }: SelectionActionsProps) {
  const postIds = rows.flatMap((row) => (row.post ? [row.post.id] : []));
  const viewer = useQuery(ViewerDocument).data?.viewer;
  const roles = useQuery(AddCreditOptionsDocument).data?.creditRoles ?? [];
  const lists = useQuery(ViewerListsDocument, { variables: { first: 100 } }).data?.viewerLists.nodes ?? [];
  const [roleId, setRoleId] = useState('');
  const [listId, setListId] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [creditingSomeone, setCreditingSomeone] = useState(false);
  const [addCredit] = useMutation(AddCreditDocument);
  const [addToList] = useMutation(AddToListDocument);
  const [refresh] = useMutation(RefreshPostStatsDocument);
  const [remove] = useMutation(RemoveFromMyPostsDocument);

  const act = async (work: () => Promise<string>, clearSelection: boolean) => {
    setBusy(true);
    try {
      setMessage(await work());
      onDone({ clearSelection });
    } catch (caught) {
      setMessage(caught instanceof Error && caught.message ? caught.message : MESSAGES.unexpected);
    } finally {
      setBusy(false);
    }
  };

  const creditMe = () =>
    act(async () => {
      const { done, refused } = await eachPost(postIds, (postId) => addCredit({ variables: { input: { postId, roleId, person: { userId: viewer!.id } } } }));
      return `Credited you on ${plural(done, 'post')}${refused ? `; ${refused} already had that credit or cannot be credited` : ''}.`;
    }, false);
  const addAll = () =>
    act(async () => {
      const { done, refused } = await eachPost(postIds, (postId) => addToList({ variables: { input: { listId, postId } } }));
      return `Added ${plural(done, 'post')} to the list${refused ? `; ${refused} could not be added` : ''}.`;
    }, false);
  const refreshNow = () =>
    act(async () => {
      const result = (await refresh({ variables: { input: { postIds } } })).data!.refreshPostStats;
      const notes = [
        result.alreadyFreshCount ? `${result.alreadyFreshCount} refreshed within the hour already` : '',
        result.overLimitCount ? `${result.overLimitCount} over the hourly limit, try later` : '',
      ].filter(Boolean);
      return `Refreshing ${plural(result.queuedCount, 'post')}${notes.length ? ` (${notes.join('; ')})` : ''}.`;
    }, false);
  const removeAll = () =>
    act(async () => {
      const urls = rows.filter((row) => !row.post).map((row) => row.url);
      const result = (await remove({ variables: { input: { postIds, urls } } })).data!.removeFromMyPosts;
      return `Removed ${plural(result.removedCount, 'post')} from your posts${result.keptCount ? `; ${result.keptCount} stay because you are credited on them or posted them` : ''}.`;
    }, true);

  // Removing clears the selection: still say what the removal did.
  if (rows.length === 0) return message ? <p role="status">{message}</p> : null;
  return (
    <section aria-label="Selected posts" className="manager__actions" data-testid="manager-actions">
      <p>{plural(rows.length, 'row')} selected</p>
      <span className="manager__action">
        <Select
          className="manager__action-select"
          label="Credit me as"
          value={roleId}
          options={[{ value: '', label: 'Choose a role' }, ...roles.map((role) => ({ value: role.id, label: `${role.emoji} ${role.name}` }))]}
          onChange={setRoleId}
        />
        <button type="button" className="button button--outline button--small" disabled={busy || !roleId || !viewer || postIds.length === 0} onClick={() => void creditMe()}>
          Credit
        </button>
        <button
          type="button"
          className="button button--outline button--small"
          disabled={busy || postIds.length === 0}
          onPointerEnter={() => void loadBulkCreditDialog()}
          onFocus={() => void loadBulkCreditDialog()}
          onClick={() => setCreditingSomeone(true)}
        >
          Credit someone…
        </button>
      </span>
      <span className="manager__action">
        <Select
          className="manager__action-select"
          label="List"
          value={listId}
          options={[{ value: '', label: 'Choose a list' }, ...lists.map((list) => ({ value: list.id, label: list.name }))]}
          onChange={setListId}
        />
        <button type="button" className="button button--outline button--small" disabled={busy || !listId || postIds.length === 0} onClick={() => void addAll()}>
          Add to list
        </button>
      </span>
      <button type="button" className="button button--outline button--small" disabled={busy || postIds.length === 0} onClick={() => void refreshNow()}>
        Refresh now
      </button>
      <button type="button" className="button button--outline button--small" disabled={busy} onClick={() => setConfirmRemove(true)}>
        Remove from my posts
      </button>
      {message && <p role="status">{message}</p>}
      {creditingSomeone && (
        <Part fallback={null}>
          <BulkCreditDialog
            postIds={postIds}
            onClose={() => setCreditingSomeone(false)}
            onDone={(done) => {
              setCreditingSomeone(false);
              setMessage(done);
              onDone({ clearSelection: false });
            }}
          />
        </Part>
      )}
      <ConfirmDialog
        open={confirmRemove}
        title="Remove from my posts?"
        yesLabel="Remove"
        onYes={() => {
          setConfirmRemove(false);
          void removeAll();
        }}
        onNo={() => setConfirmRemove(false)}
      >
        <p>{plural(rows.length, 'row')} will leave your Content Manager. The posts stay on Byline for everyone else.</p>
      </ConfirmDialog>
    </section>
  );
}
