import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import * as MESSAGES from '@domain/messages';
import { GiveInvoicedProDocument } from '@gql/graphql';
import { Modal } from '@ui/Modal';

interface GiveProDialogProps {
  userId: string;
  name: string;
  onClose: () => void;
  /** Called once the plan is stored, so the list can show it. */
  onGiven: () => void;
}

/**
 * Gives a person PRO invoiced outside Stripe (docs/product.md §Paid access): until the end of a
 * chosen day, or with no end (stored as the 2500-12-31 sentinel). A day in the past ends it.
 */
export function GiveProDialog({ userId, name, onClose, onGiven }: GiveProDialogProps) {
  const untilId = useId();
  const [forever, setForever] = useState(false);
  const [until, setUntil] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [give, { loading }] = useMutation(GiveInvoicedProDocument);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!forever && !until) {
      setProblem('Choose the last day, or that it never expires.');
      return;
    }
    setProblem(null);
    // The end of the chosen day where the admin is: the person keeps PRO through that whole day.
    const expiresAt = forever ? null : new Date(`${until}T23:59:59.999`).toISOString();
    try {
      await give({ variables: { input: { userId, expiresAt } } });
      onGiven();
      onClose();
    } catch {
      setProblem(MESSAGES.unexpected);
    }
  };

  return (
    <Modal title={`Give ${name} PRO`} onClose={onClose}>
      <form className="give-plan" onSubmit={(event) => void submit(event)}>
        <p className="modal__text">PRO paid by invoice, outside card payments. Choose a day in the past to end PRO given before.</p>
        <label className="give-plan__forever">
          <input type="checkbox" checked={forever} onChange={(event) => setForever(event.target.checked)} /> Never expires
        </label>
        <label htmlFor={untilId}>Last day</label>
        <input id={untilId} type="date" className="text-input" value={until} disabled={forever} onChange={(event) => setUntil(event.target.value)} />
        {problem && (
          <p role="alert" className="give-plan__problem">
            {problem}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={loading}>
            {loading ? 'Giving…' : 'Give PRO'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
