/**
 * The email and password form as `lazy` wants it, for pages that show it on demand: its code then
 * loads with that (the first-load budget of docs/product.md §Performance). In a module of its own,
 * not in index.ts: the shell imports the index, and a dynamic import made there moved the form's
 * shared modules into the shell's file, on every route.
 */
export const loadEmailAuthForm = () => import('./EmailAuthForm').then((loaded) => ({ default: loaded.EmailAuthForm }));
