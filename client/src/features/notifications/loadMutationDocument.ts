const documents = () => import('./mutationDocuments');

/** Each project notification's mutation document, loaded on first use (`useMutationLoadedOnUse`). */
export const loadAnswerProjectInvitation = () => documents().then((loaded) => loaded.AnswerProjectInvitationDocument);
export const loadTakeProjectCreditOffer = () => documents().then((loaded) => loaded.TakeProjectCreditOfferDocument);
