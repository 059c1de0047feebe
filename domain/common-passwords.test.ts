import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword, validateNotCommonPassword } from './common-passwords.js';
import * as MESSAGES from './messages.js';

describe('common passwords', () => {
  it('holds a few hundred of the most common passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(300);
  });

  it.each(['123456', 'password', 'qwerty123', 'iloveyou', 'Password1', 'PASSWORD', 'LetMeIn'])('refuses %s, whatever its case', (password) => {
    expect(isCommonPassword(password)).toBe(true);
    expect(validateNotCommonPassword(password)).toBe(MESSAGES.commonPassword);
  });

  it.each(['correct horse battery staple', 'Tr0ub4dor&3x', 'password 1', ' 123456'])('accepts %s', (password) => {
    expect(validateNotCommonPassword(password)).toBeNull();
  });
});
