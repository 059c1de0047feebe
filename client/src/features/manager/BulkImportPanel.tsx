import { useMutation } from '@apollo/client/react';
import { lazy, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Part } from '@ui/Part';
import { useLiveQuery } from '@shell/useLiveQuery';
import { BULK_IMPORT_MAX_LINKS as MAX_LINKS } from '@domain/constants';
import { MESSAGES } from '@domain/messages';
import { BulkImportDocument, BulkImportPostsDocument, BulkImportProgressUpdatesDocument, type BulkImportProgressFragment } from '@gql/graphql';
import { linksIn, pastedLinks } from './managerFiles';

/**
 * How often a bulk import in progress is asked for while the socket that brings its live progress
 * cannot connect: someone watching the bar expects it to move every few seconds, and an import of
 * a few minutes then costs some 20 small queries a minute, well within every caller's budget
 * (docs/api.md, "Limits"). Only while the import runs: a finished one is not asked for again
 * (docs/product.md §Content Manager).
 */
const BULK_IMPORT_POLL_MS = 3_000;

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

/** Paste many links or upload a CSV of links; each goes through the import queue, with live progress. */
export function BulkImportPanel({ onSettled }: { onSettled: () => void }) {
  const textId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [fileLinks, setFileLinks] = useState<string[]>([]);
  const [fileName, setFileName] = useState<string | null>(null);
  const [startedId, setStartedId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [start, { loading }] = useMutation(BulkImportPostsDocument);
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

  const links = [...pastedLinks(text), ...fileLinks];

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setFileLinks(linksIn(await file.text()));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (links.length === 0) return setError('Paste at least one link');
    if (links.length > MAX_LINKS) return setError(`A bulk import takes at most ${MAX_LINKS} links`);
    try {
      const result = await start({ variables: { input: { urls: links } } });
      setStartedId(result.data?.bulkImportPosts.bulkImport.id ?? null);
      setText('');
      setFileLinks([]);
      setFileName(null);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : MESSAGES.unexpected);
    }
  };

  return (
    <section aria-labelledby="bulk-import-heading" className="manager__panel">
      <h2 id="bulk-import-heading">Bulk import</h2>
      <form onSubmit={(event) => void onSubmit(event)} className="bulk-import__form">
        <label htmlFor={textId}>Links, one per line</label>
        <textarea id={textId} className="text-input bulk-import__text" rows={5} value={text} onChange={(event) => setText(event.target.value)} />
        <label htmlFor={fileId}>Or upload a CSV of links</label>
        <input id={fileId} type="file" accept=".csv,text/csv,text/plain" onChange={(event) => void onFile(event)} />
        {fileName && (
          <p className="manager__note">
            {fileLinks.length} links in {fileName}
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
    </section>
  );
}
