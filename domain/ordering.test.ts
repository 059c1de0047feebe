import { describe, expect, it } from 'vitest';
import { afterIdForDrop, afterIdForStep, moveAfter } from './ordering.js';

describe('moving an item of a hand-ordered list', () => {
  it('moves after another item, or first', () => {
    expect(moveAfter(['a', 'b', 'c'], 'c', null)).toEqual(['c', 'a', 'b']);
    expect(moveAfter(['a', 'b', 'c'], 'a', 'b')).toEqual(['b', 'a', 'c']);
    expect(moveAfter(['a', 'b'], 'a', 'z')).toBeNull();
  });

  it('drops after the target moving down, before it moving up', () => {
    expect(afterIdForDrop(['a', 'b', 'c'], 'a', 'c')).toBe('c');
    expect(afterIdForDrop(['a', 'b', 'c'], 'c', 'b')).toBe('a');
    expect(afterIdForDrop(['a', 'b', 'c'], 'c', 'a')).toBeNull();
  });

  it('steps one place earlier or later, and not past either end', () => {
    expect(afterIdForStep(['a', 'b', 'c'], 'c', 'earlier')).toBe('a');
    expect(afterIdForStep(['a', 'b', 'c'], 'b', 'earlier')).toBeNull();
    expect(afterIdForStep(['a', 'b', 'c'], 'a', 'earlier')).toBeUndefined();
    expect(afterIdForStep(['a', 'b', 'c'], 'a', 'later')).toBe('b');
    expect(afterIdForStep(['a', 'b', 'c'], 'c', 'later')).toBeUndefined();
  });
});
