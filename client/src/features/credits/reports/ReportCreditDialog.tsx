import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { CREDIT_REPORT_REASON_MAX, checkReportReason } from '@domain/credit-reports';
import * as MESSAGES from '@domain/messages';
import { ReportCreditDocument } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { Modal } from '@ui/Modal';
import { useToast } from '@ui/toastContext';
import type { ReportCreditButtonProps } from './ReportCreditButton';

/**
 * The dialog: a required reason, sent once; the server's refusal is shown in its words. Loaded
 * when it first opens (ReportCreditButton).
 */
export default function ReportCreditDialog({ creditId, personName, roleLabel, onClose }: ReportCreditButtonProps & { onClose: () => void }) {
  const reasonId = useId();
  const problemId = useId();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [report, { loading }] = useMutation(ReportCreditDocument);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const checked = checkReportReason(reason);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    try {
      await report({ variables: { input: { creditId, reason: checked.reason } } });
      toast.success('Thanks. An admin will check this credit; you’ll be notified of the outcome.');
      onClose();
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.unexpected);
    }
  };

  return (
    <Modal title="Report this credit" onClose={onClose} className="report-credit" testId="report-credit-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p className="modal__text">
          {personName} as {roleLabel}. Admins read every report and may remove the credit.
        </p>
        <label htmlFor={reasonId} className="report-credit__label">
          What is wrong with this credit?
        </label>
        <textarea
          id={reasonId}
          className="text-input report-credit__reason"
          value={reason}
          rows={4}
          required
          maxLength={CREDIT_REPORT_REASON_MAX}
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
        />
        {problem && (
          <p id={problemId} role="alert" className="report-credit__problem">
            {problem}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={loading}>
            {loading ? 'Sending…' : 'Send report'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
