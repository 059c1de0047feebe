import { describe, expect, it } from 'vitest';
import { isSilentSignInError, signInErrorMessage } from './sign-in-errors.js';

describe('signInErrorMessage', () => {
  it.each([
    ['auth/wrong-password', 'Wrong email or password'],
    ['wrong-password', 'Wrong email or password'],
    ['auth/invalid-credential', 'Wrong email or password'],
    ['auth/user-not-found', 'User not found. Please use sign up via the link below.'],
    ['auth/invalid-email', 'Invalid email'],
    ['auth/too-many-requests', 'Something went wrong. Please try again later.'],
    ['auth/network-request-failed', 'Something went wrong. Please try again later.'],
    ['constructor', 'Something went wrong. Please try again later.'],
    ['', 'Something went wrong. Please try again later.'],
    [null, 'Something went wrong. Please try again later.'],
  ])('%j → %s', (code, message) => {
    expect(signInErrorMessage(code)).toBe(message);
  });

  it('stays silent only for a closed popup', () => {
    expect(isSilentSignInError('auth/popup-closed-by-user')).toBe(true);
    expect(isSilentSignInError('auth/wrong-password')).toBe(false);
    expect(isSilentSignInError(undefined)).toBe(false);
  });
});
