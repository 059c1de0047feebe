import { useEffect, useRef, useState } from 'react';
import type { AddCreditResult } from './useAddCredits';

/** A shareable link with a Copy button (the invitee by handle gets it from the person crediting them). */
function ClaimLink({ url }: { url: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (permission, old browser): the link stays selectable by hand.
      setCopied(false);
    }
  };
  return (
    <div className="credit-claim-link">
      <input className="text-input credit-claim-link__url" readOnly value={url} aria-label="Link to send them" onFocus={(event) => event.target.select()} />
      <button type="button" className="button button--outline button--small" onClick={() => void copy()}>
        Copy
      </button>
      {copied !== null && (
        <span role="status" className="credit-field__hint">
          {copied ? 'Link copied.' : 'Could not copy; select the link and copy it.'}
        </span>
      )}
    </div>
  );
}

/** What became of each role asked for: added (maybe pending), or the server's reason. */
export function AddCreditResults({ results, personLabel }: { results: readonly AddCreditResult[]; personLabel: string }) {
  // One credit per role, but the link is the invitee's: show each distinct link once.
  const claimUrls = [...new Set(results.flatMap((result) => (result.ok && result.claimUrl ? [result.claimUrl] : [])))];
  const regionRef = useRef<HTMLDivElement>(null);
  // Each answer moves focus here: the results (and a link to copy) come into view on a phone,
  // where the long role list leaves them below the fold, and screen readers read them.
  useEffect(() => {
    regionRef.current?.focus();
  }, [results]);
  return (
    <div className="credit-results" data-testid="add-credit-results" ref={regionRef} tabIndex={-1}>
      <ul className="credit-results__list" aria-label="Results">
        {results.map((result) => (
          <li key={result.role.id} className={result.ok ? 'credit-result' : 'credit-result credit-result--error'}>
            <span aria-hidden="true">{result.role.emoji}</span> {result.role.name}:{' '}
            {result.ok ? (result.pending ? `added, pending until ${personLabel} accepts` : 'added') : <span role="alert">{result.message}</span>}
          </li>
        ))}
      </ul>
      {claimUrls.length > 0 && (
        <div className="credit-results__claim">
          <p className="credit-field__hint">Send {personLabel} this link so they can claim the credit:</p>
          {claimUrls.map((url) => (
            <ClaimLink key={url} url={url} />
          ))}
        </div>
      )}
    </div>
  );
}
