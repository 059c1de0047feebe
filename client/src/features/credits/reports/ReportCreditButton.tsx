import { useState } from 'react';
import { Part } from '@ui/Part';
import { preloadable } from '@ui/preloadable';
import { useMayReport } from './reportableCredits';
import './reports.css';

// The dialog (its form, the reason rules and Modal) is not in the page's first load; it loads when
// the pointer or focus reaches "Report" (docs/product.md §Performance, §Accessibility).
const reportCreditDialog = preloadable(() => import('./ReportCreditDialog'));

export interface ReportCreditButtonProps {
  /** The credit's global id. */
  creditId: string;
  /** Who is credited and as what, e.g. "Jane Doe" and "📷 Photographer", for the button's name and the dialog. */
  personName: string;
  roleLabel: string;
}

/**
 * "Report" beside a credit the viewer may report (`Credit.viewerCan.report`: signed in, and
 * neither the credited person nor whoever gave it, who can decline or remove it instead), as
 * the list's `ReportableCreditsContext` says; nothing for other credits.
 */
export function ReportCreditButton(props: ReportCreditButtonProps) {
  const [open, setOpen] = useState(false);
  const mayReport = useMayReport(props.creditId);
  if (!mayReport) return null;
  return (
    <>
      <button
        type="button"
        className="link-button report-credit__open"
        aria-label={`Report ${props.personName} as ${props.roleLabel}`}
        onClick={() => setOpen(true)}
        {...reportCreditDialog.intent}
      >
        Report
      </button>
      {open && (
        <Part fallback={null}>
          <reportCreditDialog.Component {...props} onClose={() => setOpen(false)} />
        </Part>
      )}
    </>
  );
}
