/** `/signin?returnTo=…` (docs/product.md §Shell): come back to the page the visitor was on. */
export function signInHref(currentPath: string): string {
  return `/signin?${new URLSearchParams({ returnTo: currentPath }).toString()}`;
}

/** docs/product.md §Shell: the Sign In link is hidden on the sign-in and sign-up pages. */
export function isSignInOrSignUpPath(pathname: string): boolean {
  return pathname === '/signin' || pathname === '/signup' || pathname.startsWith('/signup/');
}
