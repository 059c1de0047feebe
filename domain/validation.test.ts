import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as MESSAGES from './messages.js';
import {
  CODE_TOO_SHORT,
  EMAIL_REQUIRED,
  INVALID_EMAIL_ADDRESS,
  NAME_INVISIBLE_CHARACTERS,
  NAME_LENGTH,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  USERNAME_INVALID_CHARACTERS,
  USERNAME_TOO_LONG,
  hasSpoofingCharacters,
  validateCode,
  validateDisplayName,
  validateEmail,
  validatePassword,
  validatePasswordsMatch,
  validateUsername,
  withoutSpoofingCharacters,
} from './validation.js';

describe('messages (exact words)', () => {
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

describe('validateDisplayName', () => {
  const persian = '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645'; // "I want": ZWNJ is part of the spelling
  const devanagari = '\u0915\u094D\u200D\u0937'; // a half form, made with ZWJ after the virama
  const womanTechnologist = '\u{1F469}\u200D\u{1F4BB}';
  const womanTechnologistMediumSkin = '\u{1F469}\u{1F3FD}\u200D\u{1F4BB}';
  const rainbowFlag = '\u{1F3F3}\uFE0F\u200D\u{1F308}';

  it.each([
    ['Jane Doe', null],
    ['José Núñez', null],
    ['李小龍', null],
    ['שרה כהן', null],
    [`Sara ${persian}`, null],
    [devanagari, null],
    [`Maya ${womanTechnologist}`, null],
    [`Maya ${womanTechnologistMediumSkin}`, null],
    [`Studio ${rainbowFlag}`, null],
    ['x'.repeat(120), null],
    ['🎬'.repeat(120), null],
    ['', NAME_LENGTH],
    ['x'.repeat(121), NAME_LENGTH],
  ])('%j → %j', (name, expected) => {
    expect(validateDisplayName(name)).toBe(expected);
  });

  it.each([
    ['LEFT-TO-RIGHT EMBEDDING', '\u202A'],
    ['RIGHT-TO-LEFT EMBEDDING', '\u202B'],
    ['POP DIRECTIONAL FORMATTING', '\u202C'],
    ['LEFT-TO-RIGHT OVERRIDE', '\u202D'],
    ['RIGHT-TO-LEFT OVERRIDE', '\u202E'],
    ['LEFT-TO-RIGHT ISOLATE', '\u2066'],
    ['RIGHT-TO-LEFT ISOLATE', '\u2067'],
    ['FIRST STRONG ISOLATE', '\u2068'],
    ['POP DIRECTIONAL ISOLATE', '\u2069'],
    ['ZERO WIDTH SPACE', '\u200B'],
    ['ZERO WIDTH NON-JOINER', '\u200C'],
    ['ZERO WIDTH JOINER', '\u200D'],
    ['WORD JOINER', '\u2060'],
    ['ZERO WIDTH NO-BREAK SPACE', '\uFEFF'],
  ])('refuses %s inside a Latin name, at either end and alone', (_name, char) => {
    for (const name of [`Ja${char}ne`, `${char}Jane`, `Jane${char}`, char, `Jane${char}${char}Doe`]) {
      expect(validateDisplayName(name)).toBe(NAME_INVISIBLE_CHARACTERS);
    }
  });

  it.each([
    ['a reversed ending', 'Jane \u202Enimda'],
    ['an isolate inside Arabic', '\u0645\u2067\u06CC'],
    ['a joiner outside the sequence', `${womanTechnologist}\u200D`],
    ['a joiner between an emoji and a letter', '\u{1F469}\u200Da'],
    ['a zero-width space inside Persian', '\u0645\u200B\u06CC'],
    ['a doubled joiner inside Persian', '\u0645\u200C\u200C\u06CC'],
  ])('refuses %s', (_case, name) => {
    expect(validateDisplayName(name)).toBe(NAME_INVISIBLE_CHARACTERS);
  });

  it('never lets a name through that still has spoofing characters, and cleaning leaves none', () => {
    const spoofing = fc.constantFrom('\u202A', '\u202E', '\u2066', '\u2069', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF');
    const text = fc.array(fc.oneof(fc.string({ maxLength: 3 }), spoofing), { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (name) => {
        if (hasSpoofingCharacters(name)) expect([NAME_INVISIBLE_CHARACTERS, NAME_LENGTH]).toContain(validateDisplayName(name));
        expect(hasSpoofingCharacters(withoutSpoofingCharacters(name))).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('cleans a name from elsewhere, keeping the joiners writing needs', () => {
    expect(withoutSpoofingCharacters('\u202EJane\u200B Doe\uFEFF')).toBe('Jane Doe');
    expect(withoutSpoofingCharacters(`Sara ${persian} ${womanTechnologist}`)).toBe(`Sara ${persian} ${womanTechnologist}`);
  });
});

describe('MESSAGES', () => {
  it('carries the error catalogue in the product words', () => {
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
