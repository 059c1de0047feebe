import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { AddCreditOptionsDocument } from '@gql/graphql';
import { Part } from '@ui/Part';
import { preloadable } from '@ui/preloadable';
import { useWhenIdle } from '@ui/useWhenIdle';
import type { AddCreditDialogProps } from './AddCreditDialog';
import { ADD_CREDIT_HASH } from './creditLinks';

// The dialog (person and role pickers, profile-link recognition) loads when it is about to open:
// once the page is idle, or when the pointer or focus reaches "Add credit", so it opens at once
// (docs/product.md §Performance).
const addCreditDialog = preloadable<AddCreditDialogProps>(() => import('./AddCreditDialog').then((module) => ({ default: module.AddCreditDialog })));

interface AddCreditButtonProps {
  /** The post's global id. */
  postId: string;
  /** The post's `viewerCan.addCredit`. */
  mayCreditOthers: boolean;
  /** Open without a click: the page was opened at `#add-credit`. */
  openedByLink: boolean;
  /** Told when a dialog opened by the link closes (to drop the hash). */
  onLinkDialogClosed: () => void;
}

/**
 * "Add credit" and its dialog. Its open state lives here, not in the credits list: opening the
 * dialog re-renders only this, so the click is answered at the next paint (docs/product.md
 * §Accessibility).
 */
export function AddCreditButton({ postId, mayCreditOthers, openedByLink, onLinkDialogClosed }: AddCreditButtonProps) {
  const [openedByButton, setOpenedByButton] = useState(false);
  // Adding a credit is what this section is for: once the page is idle, the dialog's code and its
  // roles and networks are fetched, so "Add credit" opens complete in one render.
  const client = useApolloClient();
  const prepare = useCallback(() => {
    addCreditDialog.warm();
    client.query({ query: AddCreditOptionsDocument }).catch(() => undefined); // the dialog asks again, and shows a failure
  }, [client]);
  useWhenIdle(prepare, true);

  const close = () => {
    setOpenedByButton(false);
    if (openedByLink) onLinkDialogClosed();
  };

  return (
    <>
      <button
        type="button"
        id={ADD_CREDIT_HASH}
        className="button button--outline button--small"
        {...addCreditDialog.intent}
        onClick={() => setOpenedByButton(true)}
      >
        Add credit
      </button>
      {(openedByButton || openedByLink) && (
        <Part fallback={null}>
          <addCreditDialog.Component postId={postId} mayCreditOthers={mayCreditOthers} onClose={close} />
        </Part>
      )}
    </>
  );
}
