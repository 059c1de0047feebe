import { createContext, useContext } from 'react';

/**
 * The credits of a list the viewer may report (`viewerCan.report`), by global id. A list that
 * offers Report provides it once, so each chip's Report button needs no prop threaded to it.
 */
export const ReportableCreditsContext = createContext<ReadonlySet<string>>(new Set());

export function useMayReport(creditId: string): boolean {
  return useContext(ReportableCreditsContext).has(creditId);
}

/** The ids of the credits the viewer may report (CreditItem carries `viewerCan.report`). */
export function reportableCreditIds(credits: ReadonlyArray<{ id: string; viewerCan: { report: boolean } }>): ReadonlySet<string> {
  return new Set(credits.flatMap((credit) => (credit.viewerCan.report ? [credit.id] : [])));
}
