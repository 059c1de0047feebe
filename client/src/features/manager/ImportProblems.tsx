import { chooseImportWarning } from '@domain/import-warnings';
import type { BulkImportProgressFragment } from '@gql/graphql';

interface ImportProblemsProps {
  problems: BulkImportProgressFragment['items'];
  /** Open once the import is done. */
  open: boolean;
}

/** The links of a bulk import that failed or could not be imported, each with why. Loaded lazily (BulkImportPanel). */
export default function ImportProblems({ problems, open }: ImportProblemsProps) {
  return (
    <details open={open}>
      <summary>What did not import ({problems.length})</summary>
      <ul className="bulk-import__problems" data-testid="bulk-import-problems">
        {problems.map((item) => {
          // The same words as the track box's warning panel (docs/product.md §Posts).
          const warning = chooseImportWarning({ url: item.url, message: item.message });
          return (
            <li key={item.position}>
              <span className="bulk-import__url">{item.url || '(empty line)'}</span>: {item.message ?? warning.title}
              {warning.kind !== 'queued' && warning.title !== item.message ? ` (${warning.title})` : ''}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
