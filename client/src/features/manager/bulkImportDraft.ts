/** What is typed or uploaded in the bulk import dialog and not yet imported; kept by the page while the dialog is closed. */
export interface BulkImportDraft {
  text: string;
  fileLinks: string[];
  fileName: string | null;
}

export const NO_DRAFT: BulkImportDraft = { text: '', fileLinks: [], fileName: null };
