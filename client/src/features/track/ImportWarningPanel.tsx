import { chooseImportWarning } from '@domain/import-warnings';
import type { TrackFailure } from './useTrackLink';
import './import-warning.css';

interface ImportWarningPanelProps {
  failure: TrackFailure;
  onDismiss: () => void;
}

/**
 * docs/product.md §Posts: why a pasted link could not be imported right away, chosen from the link
 * and the server's message, with the link and the message kept for the person to see. Loaded
 * with the first failure (TrackBox), so the link tables it reads are not in the shell.
 */
export function ImportWarningPanel({ failure, onDismiss }: ImportWarningPanelProps) {
  const { url, message } = failure;
  const warning = chooseImportWarning({ url, message: message ?? undefined });
  return (
    <div
      role="alert"
      className={`import-warning import-warning--${warning.severity}`}
      data-testid="import-warning"
      data-warning-kind={warning.kind}
    >
      <div className="import-warning__head">
        <p className="import-warning__title">{warning.title}</p>
        <button type="button" className="icon-button" aria-label="Dismiss" onClick={onDismiss}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p className="import-warning__body">{warning.body}</p>
      {warning.notices.length > 0 && (
        <ul className="import-warning__notices">
          {warning.notices.map((notice) => (
            <li key={notice.kind} data-notice-kind={notice.kind}>
              {notice.text}
            </li>
          ))}
        </ul>
      )}
      <dl className="import-warning__details">
        <div>
          <dt>Link</dt>
          <dd className="import-warning__url" data-testid="import-warning-url">
            {url}
          </dd>
        </div>
        {message && (
          <div>
            <dt>Message</dt>
            <dd data-testid="import-warning-message">{message}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
