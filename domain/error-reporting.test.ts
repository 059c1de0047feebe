import { describe, expect, it } from 'vitest';
import { isSuppressedErrorMessage } from './error-reporting.js';

describe('isSuppressedErrorMessage', () => {
  it.each([
    ['TimeoutError: request took too long', true],
    ['Non-Error promise rejection captured with value: Unspecified reason', true],
    ['timeout of 30000ms exceeded', true],
    ['Object Not Found Matching Id:3, MethodName:update', true],
    ['Minified React error #418', true],
    ['Cannot read properties of undefined', false],
    ['', false],
  ])('%j → %s', (message, suppressed) => {
    expect(isSuppressedErrorMessage(message)).toBe(suppressed);
  });
});
