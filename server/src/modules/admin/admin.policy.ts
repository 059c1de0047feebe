import { NotFound } from '../../errors/app-errors.js';
import { isAdminViewer } from '../users/index.js';
import type { Viewer } from '../users/index.js';

/**
 * Admin things answer non-admins "not found" (docs/product.md §Access: non-admins get /404),
 * whatever they send: the call does not admit it exists.
 */
export function adminOnly(): NotFound {
  return new NotFound('Not found');
}

/** The viewer, when a real admin (role flags alone); anyone else, signed out too, is answered "not found". */
export function requireAdminViewer(viewer: Viewer | null): Viewer {
  if (!viewer || !isAdminViewer(viewer)) throw adminOnly();
  return viewer;
}
