import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { CURRENT_TERMS, formatTermsDate } from '@domain/terms';
import { AcknowledgeTermsDocument } from '@gql/graphql';
import { Link } from '@router';
import { Modal } from '@ui/Modal';
import './terms-dialog.css';

export const TERMS_DIALOG_TITLE = 'We have updated our Terms of Service';

/** Accepting the current version: the mutation, whether it is on its way, and whether it failed. */
function useAcceptTerms() {
  const [acknowledge, { loading }] = useMutation(AcknowledgeTermsDocument);
  const [failed, setFailed] = useState(false);
  const accept = async () => {
    setFailed(false);
    try {
      await acknowledge({ variables: { input: { version: CURRENT_TERMS.id } } });
    } catch {
      setFailed(true);
    }
  };
  return { accept, loading, failed };
}

function Answers({ accept, loading, failed }: ReturnType<typeof useAcceptTerms>) {
  return (
    <>
      {failed && (
        <p className="terms-dialog__error" role="alert">
          Something went wrong. Please try again later.
        </p>
      )}
      <div className="modal__actions terms-dialog__actions">
        <Link className="button button--outline" to="/signout">
          Sign out
        </Link>
        <button type="button" className="button button--primary" onClick={accept} disabled={loading}>
          {loading ? 'Saving…' : 'Accept and continue'}
        </button>
      </div>
    </>
  );
}

/**
 * docs/product.md §Terms: a newer material version of the terms waits for the viewer. The dialog
 * blocks the page until they accept (no Escape, no backdrop, no close button); they may read the
 * terms in a new tab or sign out instead. On /terms itself the same answers sit in a bar under
 * the text instead, so the terms can be read before accepting them. Only the web app asks: the
 * API keeps answering.
 */
export default function TermsAcknowledgementDialog({ onTermsPage }: { onTermsPage: boolean }) {
  const answers = useAcceptTerms();
  const changed = `Our terms changed on ${formatTermsDate(CURRENT_TERMS.effective)}. ${CURRENT_TERMS.summary}`;
  if (onTermsPage) {
    return (
      <section className="terms-bar" aria-label="Accept the updated terms" data-testid="terms-bar">
        <p className="terms-bar__message">{changed} Please accept them to keep using Byline.</p>
        <Answers {...answers} />
      </section>
    );
  }
  return (
    <Modal title={TERMS_DIALOG_TITLE} onClose={null} className="terms-dialog" testId="terms-dialog">
      <p className="modal__text">{changed}</p>
      <p className="modal__text">
        Please read them and accept them to keep using Byline.{' '}
        <Link to="/terms" target="_blank">
          Read the Terms of Service (opens in a new tab)
        </Link>
      </p>
      <Answers {...answers} />
    </Modal>
  );
}
