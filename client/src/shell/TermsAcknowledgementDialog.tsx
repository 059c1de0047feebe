import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { CURRENT_TERMS, formatTermsDate } from '@domain/terms';
import { AcknowledgeTermsDocument } from '@gql/graphql';
import { Link } from '@router';
import { Modal } from '@ui/Modal';
import './terms-dialog.css';

export const TERMS_DIALOG_TITLE = 'We have updated our Terms of Service';

/**
 * docs/product.md §Terms: a newer material version of the terms waits for the viewer. The dialog
 * blocks the page until they accept (no Escape, no backdrop, no close button); they may read the
 * terms in a new tab or sign out instead. Only the web app asks: the API keeps answering.
 */
export default function TermsAcknowledgementDialog() {
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

  return (
    <Modal title={TERMS_DIALOG_TITLE} onClose={null} className="terms-dialog" testId="terms-dialog">
      <p className="modal__text">
        Our terms changed on {formatTermsDate(CURRENT_TERMS.effective)}. {CURRENT_TERMS.summary}
      </p>
      <p className="modal__text">
        Please read them and accept them to keep using Byline.{' '}
        <Link to="/terms" target="_blank">
          Read the Terms of Service (opens in a new tab)
        </Link>
      </p>
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
    </Modal>
  );
}
