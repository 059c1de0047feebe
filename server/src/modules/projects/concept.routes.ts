import { Router, type RequestHandler } from 'express';
import { CONCEPT_PICTURES_PER_HOUR } from '../../../../domain/project-concepts.js';
import { AVATAR_MAX_BYTES, AVATAR_UPLOAD_TIMEOUT_MS, SETTINGS_MESSAGES, isAvatarContentType } from '../../../../domain/profile-settings.js';
import { Forbidden, InvalidInput, NotFound } from '../../errors/app-errors.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { consumeAttempt } from '../../http/attempt-limit.js';
import { sendData } from '../../http/rest.js';
import { readLimitedBody } from '../../http/upload-body.js';
import { validatedRoute } from '../../http/validated-route.js';
import { avatarFromUpload } from '../settings/index.js';
import { requireViewer } from '../users/index.js';
import type { HttpContextFactory, RouteDeps } from '../users/index.js';
import { CONCEPT_PICTURE_STORED_WIDTH, conceptPicturePath, readConceptPicture, servedConceptPictureWidth } from './concept.picture-store.js';
import { ProjectConcept } from './concept.entity.js';
import { conceptPictureInput, conceptPictureUploadInput } from './concept.route-inputs.js';
import { addPictureConcept } from './concept.service.js';
import { requireProject, findVisibleProjects } from './project.service.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * POST /api/projects/:id/concepts/picture — adds an uploaded picture to the end of a project's
 * board (owners and editors; docs/product.md §Projects) and answers `{ concept: { id,
 * databaseId, pictureUrl } }`. It takes what a profile picture takes, with the same messages.
 * Mounted beside the avatar upload, before the /api JSON-only guard, so it makes the same
 * cross-site check itself.
 */
export function conceptPictureUploadRoutes(deps: Pick<RouteDeps, 'contextFor'>, limiter: RequestHandler): Router {
  const router = Router();
  router.post(
    '/projects/:id/concepts/picture',
    limiter,
    validatedRoute(conceptPictureUploadInput, async ({ params, query }, req, res) => {
      // Until the body is read, an answer leaves it unread: the connection cannot carry another request.
      res.setHeader('Connection', 'close');
      if (req.headers['sec-fetch-site'] === 'cross-site') throw new Forbidden('Requests from other sites are not accepted.');
      const contentType = String(req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!isAvatarContentType(contentType)) throw new InvalidInput(SETTINGS_MESSAGES.avatarType, { field: 'file' });
      const context = await deps.contextFor(req, res);
      const viewer = requireViewer(context);
      // Checked before the body is read: nobody spends a decode on a board they may not change.
      await requireProject(context.em, viewer, params.id, 'edit');
      await consumeAttempt(context.em, `concept-picture:${viewer.user.id}`, CONCEPT_PICTURES_PER_HOUR, HOUR_MS);
      const bytes = await readLimitedBody(req, AVATAR_MAX_BYTES, AVATAR_UPLOAD_TIMEOUT_MS, { tooLarge: SETTINGS_MESSAGES.avatarTooLarge, timeout: SETTINGS_MESSAGES.avatarTimeout });
      res.removeHeader('Connection');
      if (bytes.length === 0) throw new InvalidInput(SETTINGS_MESSAGES.avatarUnreadable, { field: 'file' });
      const concept = await addPictureConcept(context.em, viewer, params.id, await avatarFromUpload(bytes), query.caption ?? null);
      sendData(res, { concept: { id: toGlobalId('ProjectConcept', concept.id), databaseId: concept.id, pictureUrl: conceptPicturePath(concept.id, concept.pictureVersion ?? '') } });
    }),
  );
  return router;
}

/**
 * GET /media/project-concepts/:id/picture?w=160&v=… — a board picture at a served width, for
 * whoever may see the project (a private project's pictures are not found for anyone else).
 * Kept by the browser only: a project may turn private, and a shared cache would not hear of it.
 */
export function conceptMediaRoutes(createContext: HttpContextFactory): Router {
  const router = Router();
  router.get(
    '/project-concepts/:id/picture',
    validatedRoute(conceptPictureInput, async ({ params, query }, req, res) => {
      const { em, viewer } = await createContext(req, res);
      // Who may see it is settled before any resizing is spent on it.
      const concept = await em.findOne(ProjectConcept, params.id, { fields: ['project'] });
      if (!concept || (await findVisibleProjects(em, viewer, [concept.project.id])).length === 0) throw new NotFound('Picture not found');
      const picture = await readConceptPicture(em, params.id, servedConceptPictureWidth(query.w || CONCEPT_PICTURE_STORED_WIDTH));
      if (!picture) throw new NotFound('Picture not found');
      res.setHeader('Content-Type', picture.contentType);
      res.setHeader('Cache-Control', query.v === picture.version ? 'private, max-age=31536000, immutable' : 'private, max-age=60');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.send(picture.bytes);
    }),
  );
  return router;
}
