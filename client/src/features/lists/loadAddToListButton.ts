/** The button as `lazy` wants it, for pages that show it only to some viewers (issue 15's first-load budget). */
export const loadAddToListButton = () => import('./AddToListButton').then((loaded) => ({ default: loaded.AddToListButton }));
