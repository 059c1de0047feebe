const documents = () => import('./mutationDocuments');

/** Each settings mutation's document, loaded on first use (`useMutationLoadedOnUse`). */
export const loadSettingsUpdate = () => documents().then((loaded) => loaded.SettingsUpdateDocument);
export const loadCreateToken = () => documents().then((loaded) => loaded.CreatePersonalAccessTokenDocument);
export const loadRevokeToken = () => documents().then((loaded) => loaded.RevokePersonalAccessTokenDocument);
export const loadSignOutOtherSessions = () => documents().then((loaded) => loaded.SettingsSignOutOtherSessionsDocument);
export const loadDeleteAccount = () => documents().then((loaded) => loaded.SettingsDeleteAccountDocument);
