/** `/signin?returnTo=…` (spec 2.3): come back to the page the visitor was on. */
export function signInHref(currentPath: string): string {
  return `/signin?${new URLSearchParams({ returnTo: currentPath }).toString()}`;
}

/** Spec 2.3: the Sign In link is hidden on the sign-in and sign-up pages. */
export function isSignInOrSignUpPath(pathname: string): boolean {
  return pathname === '/signin' || pathname === '/signup' || pathname.startsWith('/signup/');
}
