import { describe, expect, it } from 'vitest';
import { CONCEPT_MESSAGES, checkConceptCaption, checkConceptNote, reorderConcepts } from './project-concepts.js';

describe('reorderConcepts', () => {
  it('puts the moved concept just after another, or first', () => {
    expect(reorderConcepts([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(reorderConcepts([1, 2, 3, 4], 4, null)).toEqual([4, 1, 2, 3]);
    expect(reorderConcepts([1, 2, 3, 4], 2, 4)).toEqual([1, 3, 4, 2]);
    expect(reorderConcepts([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('refuses a move after itself or after a concept not on the board', () => {
    expect(reorderConcepts([1, 2], 1, 1)).toBeNull();
    expect(reorderConcepts([1, 2], 1, 9)).toBeNull();
  });
});

describe('concept text', () => {
  it('tidies captions and keeps notes’ line breaks, within the limits', () => {
    expect(checkConceptCaption('  a   b ')).toEqual({ caption: 'a b' });
    expect(checkConceptCaption('   ')).toEqual({ caption: null });
    expect(checkConceptCaption('x'.repeat(281))).toEqual({ error: CONCEPT_MESSAGES.captionTooLong });
    expect(checkConceptNote(' one\r\ntwo ')).toEqual({ note: 'one\ntwo' });
    expect(checkConceptNote(' ')).toEqual({ error: CONCEPT_MESSAGES.noteRequired });
    expect(checkConceptNote('x'.repeat(2_001))).toEqual({ error: CONCEPT_MESSAGES.noteTooLong });
  });
});
