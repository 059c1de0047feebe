/**
 * /settings/login's removal, fetched with the first removal (`useMutationLoadedOnUse`). Apart from
 * /settings' documents: a loader module shared by both pages became a chunk of its own in both
 * first loads.
 */
export const loadRemoveLoginMethod = () => import('./loginMethodDocuments').then((loaded) => loaded.RemoveLoginMethodDocument);
