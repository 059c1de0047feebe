import { useMutation } from '@apollo/client/react';
import { lazy, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Modal } from '@ui/Modal';
import { Part } from '@ui/Part';
import { BULK_IMPORT_MAX_LINKS as MAX_LINKS } from '@domain/constants';
import * as MESSAGES from '@domain/messages';
import { BulkImportPostsDocument, type BulkImportProgressFragment } from '@gql/graphql';
import { NO_DRAFT, type BulkImportDraft } from './bulkImportDraft';
import { linksIn, pastedLinks } from './managerFiles';

// Why links did not import, in the track box's words (docs/product.md §Posts): the link tables
// behind those words load only when an import has problems to list, not with the page
// (docs/product.md §Performance).
const ImportProblems = lazy(() => import('./ImportProblems'));


function Summary({ progress }: { progress: BulkImportProgressFragment }) {
  const { counts } = progress;
  const problems = progress.items.filter((item) => item.outcome === 'FAILED' || item.outcome === 'INVALID');
  return (
    <div className="bulk-import__summary">
      <p role="status" data-testid="bulk-import-counts">
        {progress.finished} of {progress.total} done: {counts.imported} imported, {counts.existing} already on Byline, {counts.queued} in the queue, {counts.failed} failed,{' '}
        {counts.invalid} not importable, {counts.duplicate} repeated
      </p>
      {problems.length > 0 && (
        <Part fallback={null}>
          <ImportProblems problems={problems} open={progress.done} />
        </Part>
      )}
    </div>
  );
}

export interface BulkImportDialogProps {
  draft: BulkImportDraft;
  onDraftChange: (update: (draft: BulkImportDraft) => BulkImportDraft) => void;
  /** The import started last, as it stands: shown under the form while it runs and once done. */
  progress: BulkImportProgressFragment | null;
  onStarted: (bulkImportId: string) => void;
  onClose: () => void;
}

/** Paste many links or upload a CSV of links; each goes through the import queue, with live progress. */
export function BulkImportDialog({ draft, onDraftChange, progress, onStarted, onClose }: BulkImportDialogProps) {
  const textId = useId();
  const fileId = useId();
  const [error, setError] = useState<string | null>(null);
  const [start, { loading }] = useMutation(BulkImportPostsDocument);
  const links = [...pastedLinks(draft.text), ...draft.fileLinks];

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const fileLinks = linksIn(await file.text());
    onDraftChange((current) => ({ ...current, fileLinks, fileName: file.name }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (links.length === 0) return setError('Paste at least one link');
    if (links.length > MAX_LINKS) return setError(`A bulk import takes at most ${MAX_LINKS} links`);
    try {
      const result = await start({ variables: { input: { urls: links } } });
      const id = result.data?.bulkImportPosts.bulkImport.id;
      if (id) onStarted(id);
      onDraftChange(() => NO_DRAFT);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : MESSAGES.unexpected);
    }
  };

  return (
    <Modal title="Bulk import" onClose={onClose} className="bulk-import__dialog" testId="bulk-import-dialog">
      <form onSubmit={(event) => void onSubmit(event)} className="bulk-import__form">
        <label htmlFor={textId}>Links, one per line</label>
        <textarea id={textId} className="text-input bulk-import__text" rows={5} value={draft.text} onChange={(event) => {
            const text = event.target.value;
            onDraftChange((current) => ({ ...current, text }));
          }} />
        <label htmlFor={fileId}>Or upload a CSV of links</label>
        <input id={fileId} type="file" accept=".csv,text/csv,text/plain" onChange={(event) => void onFile(event)} />
        {draft.fileName && (
          <p className="manager__note">
            {draft.fileLinks.length} links in {draft.fileName}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={loading}>
          Import {links.length > 0 ? `${links.length} links` : ''}
        </button>
        {error && <p role="alert">{error}</p>}
      </form>
      {progress && (
        <div className="bulk-import__progress">
          <progress aria-label="Import progress" max={progress.total} value={progress.finished} />
          <Summary progress={progress} />
        </div>
      )}
      {progress && !progress.done && <p className="bulk-import__note">Closing this keeps the import going: its progress stays on the page.</p>}
    </Modal>
  );
}
