import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { AVATAR_STORED_WIDTH, servedAvatarWidth } from '../settings/index.js';

// Board pictures are stored and resized exactly as profile pictures are (settings/avatar): the
// upload becomes the avatar's square WebP (avatarFromUpload), kept in PostgreSQL so every server
// process serves it, at the same widths, smaller ones made on first request.

export const CONCEPT_PICTURE_STORED_WIDTH = AVATAR_STORED_WIDTH;
export const servedConceptPictureWidth = servedAvatarWidth;

/** The picture's address; the version changes with every picture stored, so each may be cached for good. */
export function conceptPicturePath(conceptId: number, version: string, width?: number): string {
  return `/media/project-concepts/${conceptId}/picture?v=${version}${width === undefined ? '' : `&w=${servedAvatarWidth(width)}`}`;
}

/** Stores a concept's picture, inside the caller's transaction. */
export async function storeConceptPicture(em: EntityManager, conceptId: number, version: string, webp: Buffer): Promise<void> {
  await em.execute('delete from project_concept_pictures where concept_id = ?', [conceptId]);
  await em.execute(`insert into project_concept_pictures (concept_id, width, version, content_type, bytes) values (?, ?, ?, 'image/webp', ?)`, [conceptId, CONCEPT_PICTURE_STORED_WIDTH, version, webp]);
}

export interface StoredConceptPicture {
  version: string;
  contentType: string;
  bytes: Buffer;
}

/** A concept's picture at one of the served widths, resized from the stored one and kept on first use. */
export async function readConceptPicture(em: EntityManager, conceptId: number, width: number): Promise<StoredConceptPicture | null> {
  const rows = await em.execute<Array<{ width: number; version: string; content_type: string; bytes: Buffer }>>(
    'select width, version, content_type, bytes from project_concept_pictures where concept_id = ? and width in (?, ?) order by width',
    [conceptId, width, CONCEPT_PICTURE_STORED_WIDTH],
  );
  const stored = rows.find((row) => row.width === CONCEPT_PICTURE_STORED_WIDTH);
  if (!stored) return null;
  const exact = rows.find((row) => row.width === width && row.version === stored.version);
  if (exact) return { version: exact.version, contentType: exact.content_type, bytes: exact.bytes };
  const resized = await sharp(stored.bytes).resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  // The concept may have gone meanwhile: the size is only kept for the version it was made from.
  await em.execute(
    `insert into project_concept_pictures (concept_id, width, version, content_type, bytes)
     select ?, ?, ?, 'image/webp', ? where exists (select 1 from project_concept_pictures where concept_id = ? and width = ? and version = ?)
     on conflict do nothing`,
    [conceptId, width, stored.version, resized, conceptId, CONCEPT_PICTURE_STORED_WIDTH, stored.version],
  );
  return { version: stored.version, contentType: 'image/webp', bytes: resized };
}
