import { describe, expect, it } from 'vitest';
import { isSuppressedErrorEvent, isSuppressedErrorMessage } from './error-reporting.js';

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

describe('isSuppressedErrorEvent', () => {
  it('reads the message and every exception as "Type: message"', () => {
    expect(isSuppressedErrorEvent({ exception: { values: [{ type: 'TimeoutError', value: 'signal timed out' }] } })).toBe(true);
    expect(isSuppressedErrorEvent({ exception: { values: [{ type: 'Error', value: 'Minified React error #185' }] } })).toBe(true);
    expect(isSuppressedErrorEvent({ message: 'Object Not Found Matching Id:1' })).toBe(true);
    expect(isSuppressedErrorEvent({ exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] } })).toBe(false);
    expect(isSuppressedErrorEvent({})).toBe(false);
  });
});
