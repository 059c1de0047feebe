import { describe, expect, it } from 'vitest';
import { isExemptPath, isPublicRoute, signedOutMayView, signUpRedirect, unfinishedSignUpMayView } from './access';
import { routeTable } from './routes';

describe('pages open to signed-out visitors', () => {
  it('are the home, sign-in, reset, not-found and content pages (the blog and help centre too), the API explorer, profiles, posts, projects, project invitation links and jobs', () => {
    const open = routeTable.filter((entry) => isPublicRoute(entry.path)).map((entry) => entry.path);
    expect(open).toEqual([
      '/',
      '/jobs',
      '/jobs/:jobSlug',
      '/posts/:postRef',
      '/projects/invitations/:token',
      '/projects/:projectSlug/*',
      '/signin',
      '/reset-password',
      '/blog',
      '/blog/:slug',
      '/help',
      '/help/:slug',
      '/downloads',
      '/about',
      '/contact',
      '/privacy',
      '/terms',
      '/status',
      '/developers/explorer',
      '/404',
      '/:username/jobs',
      '/:username',
      '*',
    ]);
  });

  it.each([
    ['/signup', true],
    ['/signup/username', true],
    ['/signout', true],
    ['/teams/signup-bonus', true],
    ['/explore', false],
    ['/settings', false],
  ])('exempts %s by its path: %s', (pathname, exempt) => {
    expect(isExemptPath(pathname)).toBe(exempt);
  });

  it.each([
    ['/', '/', true],
    ['/:username', '/janedoe', true],
    ['/posts/:postRef', '/posts/1234-janedoe-instagram', true],
    ['/jobs', '/jobs', true],
    ['/jobs/:jobSlug', '/jobs/j8Kx2mQp4z~acme-studio-video-editor', true],
    ['/:username/jobs', '/acme/jobs', true],
    ['/signup/username', '/signup/username', true],
    ['/signout', '/signout', true],
    ['/explore', '/explore', false],
    ['/notifications', '/notifications', false],
    ['/admin/users', '/admin/users', false],
    ['/profile', '/profile', false],
    // An event's page is served by the profile route (docs/product.md §Events).
    ['/:username', '/sportssummit26', true],
  ])('route %s (%s): signed-out visitors may view it: %s', (pattern, pathname, allowed) => {
    expect(signedOutMayView({ pattern, pathname })).toBe(allowed);
  });
});

describe('signed-in users who have not acknowledged the terms', () => {
  it.each([
    ['/', '/', true],
    ['/signup/username', '/signup/username', true],
    ['/signout', '/signout', true],
    ['/settings', '/settings', true],
    ['/explore', '/explore', false],
    ['/settings/accounts', '/settings/accounts', false],
  ])('route %s (%s) may be viewed: %s', (pattern, pathname, allowed) => {
    expect(unfinishedSignUpMayView({ pattern, pathname })).toBe(allowed);
  });
});

describe('the sign-up redirect', () => {
  it('returns to the current path and query', () => {
    expect(signUpRedirect('/explore', '?tags=summer~12')).toBe('/signup?returnTo=%2Fexplore%3Ftags%3Dsummer%7E12');
  });

  it('keeps the returnTo already in the query', () => {
    expect(signUpRedirect('/plans', '?returnTo=%2Fteams')).toBe('/signup?returnTo=%2Fteams');
  });
});
