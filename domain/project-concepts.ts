/**
 * Concepts: the references on a project's board (docs/product.md §Projects). Server and client
 * read the same kinds, limits and messages.
 */
import { moveAfter } from './ordering.js';

export const PROJECT_CONCEPT_KINDS = ['picture', 'post', 'note'] as const;
export type ProjectConceptKind = (typeof PROJECT_CONCEPT_KINDS)[number];

export const MAX_CONCEPT_CAPTION_LENGTH = 280;
export const MAX_CONCEPT_NOTE_LENGTH = 2_000;
/** A board is a working set, not an archive; the cap also keeps renumbering on a move one small statement. */
export const MAX_CONCEPTS_PER_PROJECT = 500;
/** Pictures one person may add to boards per hour: each costs a decode and a resize. */
export const CONCEPT_PICTURES_PER_HOUR = 100;

export const CONCEPT_MESSAGES = {
  conceptNotFound: 'Concept not found',
  noteRequired: 'Write something in the note.',
  noteTooLong: `A note can be at most ${MAX_CONCEPT_NOTE_LENGTH.toLocaleString('en-US')} characters.`,
  captionTooLong: `A caption can be at most ${MAX_CONCEPT_CAPTION_LENGTH} characters.`,
  noteOnlyOnNotes: 'Only a note concept has note text.',
  boardFull: `A project board holds at most ${MAX_CONCEPTS_PER_PROJECT} concepts.`,
  moveAfterItself: 'A concept cannot move after itself.',
  otherProject: 'Both concepts must be on the same project board.',
} as const;

/** A caption as stored (spaces tidied, empty is none), or the message saying why it cannot be one. */
export function checkConceptCaption(raw: string | null | undefined): { caption: string | null } | { error: string } {
  const caption = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (caption.length > MAX_CONCEPT_CAPTION_LENGTH) return { error: CONCEPT_MESSAGES.captionTooLong };
  return { caption: caption.length === 0 ? null : caption };
}

/** A note as stored (line breaks kept, outer space trimmed), or the message saying why it cannot be one. */
export function checkConceptNote(raw: string): { note: string } | { error: string } {
  const note = raw.replace(/\r\n?/g, '\n').trim();
  if (note.length === 0) return { error: CONCEPT_MESSAGES.noteRequired };
  if (note.length > MAX_CONCEPT_NOTE_LENGTH) return { error: CONCEPT_MESSAGES.noteTooLong };
  return { note };
}

/** The order of a board after moving one concept (`afterId` null puts it first); see moveAfter. */
export const reorderConcepts = moveAfter;
