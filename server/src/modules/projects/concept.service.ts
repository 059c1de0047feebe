import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CONCEPT_MESSAGES, MAX_CONCEPTS_PER_PROJECT, checkConceptCaption, checkConceptNote, reorderConcepts, type ProjectConceptKind } from '../../../../domain/project-concepts.js';
import { recognizePostUrl } from '../../../../domain/url-recognition.js';
import { InvalidInput, NotFound } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { trackPostByUrl, type PostImportServices } from '../posts/index.js';
import { User } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import { ProjectConcept } from './concept.entity.js';
import { forgetConceptPages } from './concept.loaders.js';
import { storeConceptPicture } from './concept.picture-store.js';
import { Project } from './project.entity.js';
import { requireProject } from './project.service.js';

/** What a new concept holds besides its kind; the kind decides which (a CHECK in the migration). */
type ConceptContent = { kind: 'note'; note: string } | { kind: 'post'; postNetworkId: number; postExternalId: string; postUrl: string } | { kind: 'picture'; webp: Buffer };

function captionOrThrow(raw: string | null | undefined): string | null {
  const checked = checkConceptCaption(raw);
  if ('error' in checked) throw new InvalidInput(checked.error, { field: 'caption' });
  return checked.caption;
}

function noteOrThrow(raw: string): string {
  const checked = checkConceptNote(raw);
  if ('error' in checked) throw new InvalidInput(checked.error, { field: 'note' });
  return checked.note;
}

/**
 * Holds the board still for the rest of the transaction: adds and moves on one project take
 * turns, so two moves at once never interleave their renumbering and two adds never share a position.
 */
async function lockBoard(tx: EntityManager, projectId: number): Promise<void> {
  await tx.execute('select "id" from "projects" where "id" = ? for update', [projectId]);
}

/** Adds a concept at the end of the board, in one transaction with its audit entry. */
async function addConcept(em: EntityManager, viewer: Viewer, projectId: number, caption: string | null, content: ConceptContent): Promise<ProjectConcept> {
  return em.transactional(async (tx) => {
    const { project } = await requireProject(tx, viewer, projectId, 'edit');
    await lockBoard(tx, project.id);
    const [board] = await tx.execute<Array<{ total: string | number; last: number | null }>>('select count(*) as "total", max("position") as "last" from "project_concepts" where "project_id" = ?', [project.id]);
    if (Number(board?.total ?? 0) >= MAX_CONCEPTS_PER_PROJECT) throw new InvalidInput(CONCEPT_MESSAGES.boardFull);
    const version = content.kind === 'picture' ? randomBytes(4).toString('hex') : null;
    const concept = tx.create(ProjectConcept, {
      project,
      kind: content.kind satisfies ProjectConceptKind,
      caption,
      note: content.kind === 'note' ? content.note : null,
      pictureVersion: version,
      postNetworkId: content.kind === 'post' ? content.postNetworkId : null,
      postExternalId: content.kind === 'post' ? content.postExternalId : null,
      postUrl: content.kind === 'post' ? content.postUrl : null,
      position: Number(board?.last ?? 0) + 1,
      createdBy: tx.getReference(User, viewer.user.id, { wrapped: true }),
    });
    project.lastActivityAt = new Date();
    await tx.flush();
    if (content.kind === 'picture' && version) await storeConceptPicture(tx, concept.id, version, content.webp);
    // Notes and captions are the team's words: the audit keeps what happened, not the text.
    recordAudit(tx, auditViewer(viewer), { action: 'create', target: 'project_concepts', targetId: concept.id, fields: { projectId: project.id, kind: content.kind, ...(content.kind === 'post' ? { postUrl: content.postUrl } : {}) } });
    await tx.flush();
    forgetConceptPages(em);
    return concept;
  });
}

/** A note on the board (docs/product.md §Projects): owners and editors. */
export function addNoteConcept(em: EntityManager, viewer: Viewer, projectId: number, note: string, caption: string | null | undefined): Promise<ProjectConcept> {
  return addConcept(em, viewer, projectId, captionOrThrow(caption), { kind: 'note', note: noteOrThrow(note) });
}

/**
 * A picture on the board: `webp` is the upload as avatarFromUpload made it (settings module),
 * so the board takes exactly the types, sizes and messages profile pictures do.
 */
export function addPictureConcept(em: EntityManager, viewer: Viewer, projectId: number, webp: Buffer, caption: string | null | undefined): Promise<ProjectConcept> {
  return addConcept(em, viewer, projectId, captionOrThrow(caption), { kind: 'picture', webp });
}

/**
 * A link to a post on the board, in any form Byline recognises. The link is tracked as any
 * pasted link is (the posts module imports it when new); the concept keeps the post's identity,
 * so it shows the post once the import lands, even when that is after this call answers. The
 * permission is checked before tracking, so nobody reaches the networks through a board they
 * may not change; a failed import adds nothing.
 */
export async function addPostConcept(services: PostImportServices, viewer: Viewer, projectId: number, url: string, caption: string | null | undefined): Promise<ProjectConcept> {
  const checkedCaption = captionOrThrow(caption);
  await requireProject(services.em, viewer, projectId, 'edit');
  const tracked = await trackPostByUrl(services, viewer, url);
  const recognized = recognizePostUrl(tracked.url);
  // trackPostByUrl recognised the link already; its normalised form is recognised the same way.
  if (!recognized.ok) throw new Error(`A tracked link was not recognised again: ${tracked.url}`);
  const { networkId, externalId, normalizedUrl } = recognized.value;
  return addConcept(services.em, viewer, projectId, checkedCaption, { kind: 'post', postNetworkId: networkId, postExternalId: externalId, postUrl: normalizedUrl });
}

/** A concept whose board the viewer may change; "not found" when they may not even see it. */
async function requireEditableConcept(tx: EntityManager, viewer: Viewer, conceptId: number): Promise<{ concept: ProjectConcept; project: Project }> {
  const concept = await tx.findOne(ProjectConcept, conceptId);
  if (!concept) throw new NotFound(CONCEPT_MESSAGES.conceptNotFound);
  try {
    const { project } = await requireProject(tx, viewer, concept.project.id, 'edit');
    return { concept, project };
  } catch (error) {
    if (error instanceof NotFound) throw new NotFound(CONCEPT_MESSAGES.conceptNotFound);
    throw error;
  }
}

export interface ConceptChanges {
  caption?: string | null;
  note?: string;
}

/** Changes a concept's caption, or a note's text: owners and editors. A field left out stays. */
export async function updateConcept(em: EntityManager, viewer: Viewer, conceptId: number, changes: ConceptChanges): Promise<ProjectConcept> {
  return em.transactional(async (tx) => {
    const { concept, project } = await requireEditableConcept(tx, viewer, conceptId);
    if (changes.caption !== undefined) concept.caption = captionOrThrow(changes.caption);
    if (changes.note !== undefined) {
      if (concept.kind !== 'note') throw new InvalidInput(CONCEPT_MESSAGES.noteOnlyOnNotes, { field: 'note' });
      concept.note = noteOrThrow(changes.note);
    }
    project.lastActivityAt = new Date();
    recordAudit(tx, auditViewer(viewer), { action: 'update', target: 'project_concepts', targetId: concept.id, fields: { projectId: project.id, changed: Object.keys(changes).filter((key) => changes[key as keyof ConceptChanges] !== undefined) } });
    await tx.flush();
    return concept;
  });
}

/** Takes a concept off its board (its picture goes with it): owners and editors. */
export async function deleteConcept(em: EntityManager, viewer: Viewer, conceptId: number): Promise<{ concept: ProjectConcept; project: Project }> {
  const deleted = await em.transactional(async (tx) => {
    const { concept, project } = await requireEditableConcept(tx, viewer, conceptId);
    await lockBoard(tx, project.id);
    await tx.nativeDelete(ProjectConcept, { id: concept.id });
    project.lastActivityAt = new Date();
    recordAudit(tx, auditViewer(viewer), { action: 'delete', target: 'project_concepts', targetId: concept.id, fields: { projectId: project.id, kind: concept.kind } });
    await tx.flush();
    return { concept, project };
  });
  forgetConceptPages(em);
  return deleted;
}

/**
 * Moves a concept to just after another on the same board, or to the front (afterId null).
 * The board is locked and renumbered 1…n in one statement, so concurrent moves take turns and
 * every move sees the order the last one left.
 */
export async function moveConcept(em: EntityManager, viewer: Viewer, conceptId: number, afterId: number | null): Promise<{ concept: ProjectConcept; project: Project }> {
  if (afterId === conceptId) throw new InvalidInput(CONCEPT_MESSAGES.moveAfterItself, { field: 'afterConceptId' });
  const moved = await em.transactional(async (tx) => {
    const { concept, project } = await requireEditableConcept(tx, viewer, conceptId);
    await lockBoard(tx, project.id);
    const rows = await tx.execute<Array<{ id: number }>>('select "id" from "project_concepts" where "project_id" = ? order by "position", "id"', [project.id]);
    const order = reorderConcepts(rows.map((row) => Number(row.id)), concept.id, afterId);
    if (!order) {
      // Another board's concept (or none): say which without showing a board the viewer may not see.
      const after = afterId === null ? null : await tx.findOne(ProjectConcept, afterId, { fields: ['id'] });
      if (!after) throw new NotFound(CONCEPT_MESSAGES.conceptNotFound);
      throw new InvalidInput(CONCEPT_MESSAGES.otherProject, { field: 'afterConceptId' });
    }
    await tx.execute(
      `update "project_concepts" c set "position" = o."ordinality", "updated_at" = now()
         from unnest(?::int[]) with ordinality as o("id", "ordinality")
        where c."id" = o."id" and c."project_id" = ? and c."position" <> o."ordinality"`,
      [`{${order.join(',')}}`, project.id],
    );
    project.lastActivityAt = new Date();
    recordAudit(tx, auditViewer(viewer), { action: 'update', target: 'project_concepts', targetId: concept.id, fields: { projectId: project.id, afterConceptId: afterId, position: order.indexOf(concept.id) + 1 } });
    await tx.flush();
    await tx.refresh(concept);
    return { concept, project };
  });
  forgetConceptPages(em);
  return moved;
}
