import { describe, expect, it } from 'vitest';
import * as MESSAGES from './messages.js';
import { isReservedUsername, usernameProblem } from './usernames.js';

describe('reserved usernames', () => {
  it.each([
    'explore', 'creators', 'jobs', 'teams', 'posts', 'projects', 'signin', 'signup', 'signout', 'reset-password', 'invite',
    'notifications', 'visualmatch', 'manager', 'lists', 'admin', 'plans', 'settings', 'blog', 'downloads', 'about', 'contact',
    'privacy', 'terms', '404', 'profile', 'api', 'graphql', 'media', 'assets', 'static', 'help', 'support',
    'byline', 'root', 'null', 'undefined',
  ])('%s is reserved', (name) => {
    expect(isReservedUsername(name)).toBe(true);
  });

  it('compares case-insensitively and ignores surrounding spaces', () => {
    expect(isReservedUsername('Explore')).toBe(true);
    expect(isReservedUsername('  ADMIN ')).toBe(true);
    expect(isReservedUsername('GraphQL')).toBe(true);
  });

  it('leaves ordinary names and names merely containing a reserved word free', () => {
    expect(isReservedUsername('jane.doe')).toBe(false);
    expect(isReservedUsername('explorer')).toBe(false);
    expect(isReservedUsername('admin_jane')).toBe(false);
  });
});

describe('usernameProblem', () => {
  it.each([
    ['', MESSAGES.usernameRequired],
    ['   ', MESSAGES.usernameRequired],
    ['a'.repeat(30), 'Your username must be shorter than 30 characters.'],
    ['jane doe', 'Your username can only contain letters, numbers, . and _'],
    ['jane-doe', 'Your username can only contain letters, numbers, . and _'],
    ['Settings', MESSAGES.usernameReserved],
    ['..', MESSAGES.usernameReserved],
    ['jane.doe_99', null],
    [' jane ', null],
    ['a'.repeat(29), null],
  ])('%j → %s', (username, expected) => {
    expect(usernameProblem(username)).toBe(expected);
  });
});
