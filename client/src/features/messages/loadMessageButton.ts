/** The button as `lazy` wants it, for pages that show it only to some viewers (the first-load budget of docs/product.md §Performance). */
export const loadMessageButton = () => import('./MessageButton').then((loaded) => ({ default: loaded.MessageButton }));
