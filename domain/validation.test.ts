import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import {
  CODE_TOO_SHORT,
  EMAIL_REQUIRED,
  INVALID_EMAIL_ADDRESS,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  USERNAME_INVALID_CHARACTERS,
  USERNAME_TOO_LONG,
  validateCode,
  validateEmail,
  validatePassword,
  validatePasswordsMatch,
  validateUsername,
} from './validation.js';

describe('messages (spec 5.3, exact words)', () => {
  it('are the spec strings', () => {
    expect(EMAIL_REQUIRED).toBe('Email is required');
    expect(INVALID_EMAIL_ADDRESS).toBe('Invalid email address');
    expect(CODE_TOO_SHORT).toBe('Code cannot shorter than 6 characters');
    expect(PASSWORD_TOO_SHORT).toBe('Password cannot be shorter than 6 characters');
    expect(PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
    expect(USERNAME_TOO_LONG).toBe('Your username must be shorter than 30 characters.');
    expect(USERNAME_INVALID_CHARACTERS).toBe('Your username can only contain letters, numbers, . and _');
  });
});

describe('validateEmail', () => {
  it.each([
    ['', EMAIL_REQUIRED],
    ['   ', EMAIL_REQUIRED],
    ['someone', INVALID_EMAIL_ADDRESS],
    ['someone@', INVALID_EMAIL_ADDRESS],
    ['someone@example', INVALID_EMAIL_ADDRESS],
    ['some one@example.com', INVALID_EMAIL_ADDRESS],
    ['a@b@example.com', INVALID_EMAIL_ADDRESS],
    ['someone@example..com', INVALID_EMAIL_ADDRESS],
    ['someone@example.com', null],
    ['  first.last+tag@mail.example.co.uk ', null],
  ])('%j → %j', (email, expected) => {
    expect(validateEmail(email)).toBe(expected);
  });
});

describe('validateCode', () => {
  it.each([
    ['', CODE_TOO_SHORT],
    ['12345', CODE_TOO_SHORT],
    [' 12345 ', CODE_TOO_SHORT],
    ['123456', null],
    [' 123456\n', null],
    ['ABCDEFGH', null],
  ])('%j → %j', (code, expected) => {
    expect(validateCode(code)).toBe(expected);
  });
});

describe('validatePassword', () => {
  it.each([
    ['', PASSWORD_TOO_SHORT],
    ['12345', PASSWORD_TOO_SHORT],
    ['🔑🔑🔑', PASSWORD_TOO_SHORT],
    ['123456', null],
    ['      ', null],
  ])('%j → %j', (password, expected) => {
    expect(validatePassword(password)).toBe(expected);
  });

  it('accepts exactly the passwords of 6 or more characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (password) => {
        expect(validatePassword(password) === null).toBe(Array.from(password).length >= 6);
      }),
      { numRuns: 100 },
    );
  });
});

describe('validatePasswordsMatch', () => {
  it('needs the retyped password to be identical', () => {
    expect(validatePasswordsMatch('secret1', 'secret1')).toBeNull();
    expect(validatePasswordsMatch('secret1', 'Secret1')).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(validatePasswordsMatch('secret1', 'secret1 ')).toBe(PASSWORDS_DO_NOT_MATCH);
  });
});

describe('validateUsername', () => {
  it.each([
    ['byline', null],
    ['by.line_2024', null],
    ['a'.repeat(29), null],
    ['a'.repeat(30), USERNAME_TOO_LONG],
    ['a b', USERNAME_INVALID_CHARACTERS],
    ['by-line', USERNAME_INVALID_CHARACTERS],
    ['@byline', USERNAME_INVALID_CHARACTERS],
    ['josé', USERNAME_INVALID_CHARACTERS],
    ['', USERNAME_INVALID_CHARACTERS],
    [`${'a'.repeat(29)}-`, USERNAME_TOO_LONG],
  ])('%j → %j', (username, expected) => {
    expect(validateUsername(username)).toBe(expected);
  });

  it('accepts every short name of letters, digits, . and _', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._]{1,29}$/), (username) => {
        expect(validateUsername(username)).toBeNull();
      }),
      { numRuns: 100 },
    );
  });

  it('always answers null or one of the two username messages', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (username) => {
        expect([null, USERNAME_TOO_LONG, USERNAME_INVALID_CHARACTERS]).toContain(validateUsername(username));
      }),
      { numRuns: 100 },
    );
  });
});

describe('MESSAGES', () => {
  it('carries the error catalogue in the spec words (spec 8)', () => {
    expect(MESSAGES).toMatchObject({
      resourceExists: 'That resource already exists',
      unexpected: 'An unexpected error occurred',
      platformNotSupported: 'Platform not supported',
      couldNotFindOrCreatePost: 'Could not find or create post with url',
      failedToScrapeWithUrl: 'Failed to scrape post with url',
      failedToScrape: 'Failed to scrape post',
      invalidUrl: 'Invalid url',
      channelNotFound: 'Could not find a channel for that username',
      invalidQuery: 'Invalid query',
      userNotFound: 'User was not found',
      codeInvalid: 'Sorry that code is invalid or expired!',
      timeout: 'Timeout: Timeout accessing the product. Try again later.',
      errorCreatingTeam: 'Error creating team',
      wrongEmailOrPassword: 'Wrong email or password',
      signInUserNotFound: 'User not found. Please use sign up via the link below.',
      invalidEmail: 'Invalid email',
      somethingWentWrong: 'Something went wrong. Please try again later.',
      codeSent: 'Code sent! Please check your mailbox.',
      emailSent: 'Email sent! Please check your mailbox.',
      signUpPrompt: 'Please sign up or sign in to do that!',
      linkNotInProduct: "That link doesn't exist in the product yet. Sign up or sign in to add it!",
      trackingLink: 'Tracking link, sit tight!',
      noResults: 'No results found. Paste a url to import or search for a creator, tag, role, job, or location.',
      searching: 'Searching...',
      enterValidUrl: 'Please enter a valid url',
      imageSearchUpgrade: 'Upgrade to PRO to search for social media posts by image content.',
      advancedFeature: "That's an advanced feature!",
      letsWorkTogether: "Let's work together",
      finishSignUp: 'You need to finishing signing up first!',
    });
  });
});
