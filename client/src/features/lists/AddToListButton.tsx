import { useQuery } from '@apollo/client/react';
import { useCallback, useId, useRef, useState } from 'react';
import { Part } from '@ui/Part';
import { preloadable } from '@ui/preloadable';
import { ViewerDocument } from '@gql/graphql';
import { usePopoverDismiss } from '@ui/usePopoverDismiss';
import './lists.css';

// The menu (its queries, mutations and form) loads when it is about to be used: on the button's
// first hover, focus or press. Its own Suspense keeps the page as it is meanwhile.
const addToListMenu = preloadable(() => import('./AddToListMenu'));

export type AddToListTarget = { userId: string; postId?: never } | { postId: string; userId?: never };

/**
 * "Add to list" for a person or a post (global id): a menu of the viewer's lists, each with a
 * checkmark when it holds the item (a click adds or takes it out), and "New list…" to make one
 * and add the item to it at once. Shown to signed-in viewers only; lists are private.
 */
export function AddToListButton(target: AddToListTarget) {
  const itemId = target.userId ?? target.postId;
  const { data: viewerData } = useQuery(ViewerDocument);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback(() => setOpen(false), []);
  usePopoverDismiss(open, close, rootRef, buttonRef);

  if (!viewerData?.viewer || !itemId) return null;
  return (
    <div className="add-to-list" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button button--outline button--small"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        {...addToListMenu.intent}
        onClick={() => setOpen(!open)}
      >
        Add to list
      </button>
      {open && (
        <Part fallback={null}>
          <addToListMenu.Component id={menuId} itemId={itemId} target={target} />
        </Part>
      )}
    </div>
  );
}
