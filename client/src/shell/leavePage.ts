/**
 * Full-page navigation to a server route (the OAuth starts): the SPA router cannot follow
 * those. Its own module so component tests can observe it; jsdom cannot navigate.
 */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
