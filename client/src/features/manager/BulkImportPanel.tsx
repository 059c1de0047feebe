import { useEffect, useRef, useState } from 'react';
import { useLiveQuery } from '@shell/useLiveQuery';
import { BulkImportDocument, BulkImportProgressUpdatesDocument, type BulkImportProgressFragment } from '@gql/graphql';
import { lazyWhenOpen } from '@ui/lazyWhenOpen';
import type { BulkImportDialogProps } from './BulkImportDialog';
import { NO_DRAFT, type BulkImportDraft } from './bulkImportDraft';
import './bulk-import.css';

// The dialog (its form, Modal and mutation) is not in the page's first load; it loads once the
// page is idle, so "Bulk import" opens it at once (docs/product.md §Performance).
const BulkImportDialog = lazyWhenOpen<BulkImportDialogProps>(() => import('./BulkImportDialog').then((module) => ({ default: module.BulkImportDialog })));

/**
 * How often a bulk import in progress is asked for while the socket that brings its live progress
 * cannot connect: someone watching the bar expects it to move every few seconds, and an import of
 * a few minutes then costs some 20 small queries a minute, well within every caller's budget
 * (docs/api.md, "Limits"). Only while the import runs: a finished one is not asked for again
 * (docs/product.md §Content Manager).
 */
const BULK_IMPORT_POLL_MS = 3_000;

/** The page's reminder of an import whose dialog was closed: how far it got, and the way back to it. */
function ImportProgressChip({ progress, onOpen }: { progress: BulkImportProgressFragment; onOpen: () => void }) {
  const words = progress.done ? `Bulk import done: ${progress.finished} of ${progress.total}` : `Bulk import: ${progress.finished} of ${progress.total} done`;
  return (
    <>
      <button type="button" className="bulk-import__chip" aria-haspopup="dialog" onClick={onOpen} data-testid="bulk-import-chip">
        <progress aria-hidden="true" max={progress.total} value={progress.finished} />
        {words}
      </button>
      {/* Says the end once, for whoever is not looking at the chip. */}
      <span role="status" className="visually-hidden">
        {progress.done ? words : ''}
      </span>
    </>
  );
}

/**
 * Bulk import behind a button: the dialog takes links or a CSV and shows the import's live
 * progress. The import is followed here, not in the dialog, so closing the dialog leaves it
 * running: a chip on the page shows how far it got and opens the dialog again.
 */
export function BulkImportPanel({ onSettled }: { onSettled: () => void }) {
  const [open, setOpen] = useState(false);
  // Kept while the dialog is closed, so a stray click on the backdrop loses no pasted links.
  const [draft, setDraft] = useState<BulkImportDraft>(NO_DRAFT);
  const [startedId, setStartedId] = useState<string | null>(null);
  // The start's answer is in the cache: the query reads it, then follows the import live.
  const { data } = useLiveQuery(BulkImportDocument, {
    variables: { id: startedId ?? '' },
    skip: startedId === null,
    isLive: (current) => current.bulkImport?.done === false,
    subscription: BulkImportProgressUpdatesDocument,
    // The stream carries all of the viewer's bulk imports: follow the one started here.
    merge: ({ bulkImportProgress: update }) => (update.id === startedId ? { __typename: 'Query' as const, bulkImport: update } : null),
    pollIntervalMs: BULK_IMPORT_POLL_MS,
  });
  const progress = data?.bulkImport ?? null;

  // The table catches up once per import, when it is done.
  const settledId = useRef<string | null>(null);
  useEffect(() => {
    if (!progress?.done || settledId.current === progress.id) return;
    settledId.current = progress.id;
    onSettled();
  }, [progress?.done, progress?.id, onSettled]);

  return (
    <div className="bulk-import__bar">
      <button type="button" className="button button--primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Bulk import
      </button>
      {progress && !open && <ImportProgressChip progress={progress} onOpen={() => setOpen(true)} />}
      <BulkImportDialog open={open} draft={draft} onDraftChange={setDraft} progress={progress} onStarted={setStartedId} onClose={() => setOpen(false)} />
    </div>
  );
}
