const documents = () => import('./mutationDocuments');

/** Each list-page mutation's document, loaded on first use (`useMutationLoadedOnUse`). */
export const loadAddToList = () => documents().then((loaded) => loaded.AddToListDocument);
export const loadRemoveFromList = () => documents().then((loaded) => loaded.RemoveFromListDocument);
