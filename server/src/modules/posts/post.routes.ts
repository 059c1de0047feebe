import { Router } from 'express';
import { InvalidInput, NotFound } from '../../errors/app-errors.js';
import type { HttpContextFactory } from '../../http/route-deps.js';
import { parseId } from '../../graphql/ids.js';
import { route, sendData } from '../../http/rest.js';
import { requireViewer } from '../auth/guards.js';
import { toPostDto } from './post.dto.js';
import { findPostByUrl, trackPostByUrl } from './post-import.service.js';
import { findVisiblePost } from './post.service.js';
import { readThumbnail, servedWidth } from './thumbnail-store.js';

function urlFrom(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 2048) throw new InvalidInput('Invalid url');
  return value.trim();
}

/** REST façade of the posts module: the same services the GraphQL resolvers call. */
export function postRoutes(createContext: HttpContextFactory): Router {
  const router = Router();

  // getPostByUrl(url)
  router.get(
    '/posts/by-url',
    route(async (req, res) => {
      const { em, viewer } = await createContext(req, res);
      const post = await findPostByUrl(em, viewer, urlFrom(req.query.url));
      sendData(res, post ? await toPostDto(em, post) : null);
    }),
  );

  // createPostByUrl(url)
  router.post(
    '/posts',
    route(async (req, res) => {
      const context = await createContext(req, res);
      const viewer = requireViewer(context);
      const body: unknown = req.body;
      const url = urlFrom(typeof body === 'object' && body !== null ? (body as { url?: unknown }).url : undefined);
      const result = await trackPostByUrl(
        { em: context.em, pubsub: context.pubsub, boss: context.boss, fastPathMs: context.config.importFastPathMs },
        viewer,
        url,
      );
      sendData(res, { outcome: result.outcome, url: result.url, post: result.post ? await toPostDto(context.em, result.post) : null }, result.outcome === 'QUEUED' ? 202 : 200);
    }),
  );

  router.get(
    '/posts/:id',
    route(async (req, res) => {
      const { em, viewer } = await createContext(req, res);
      const post = await findVisiblePost(em, viewer, parseId(String(req.params.id)));
      if (!post) throw new NotFound('Post not found');
      sendData(res, await toPostDto(em, post));
    }),
  );
  return router;
}

/** GET /media/posts/:id/thumbnail?w=80 — our copy of a post's picture, at a served width. */
export function postMediaRoutes(createContext: HttpContextFactory): Router {
  const router = Router();
  router.get(
    '/posts/:id/thumbnail',
    route(async (req, res) => {
      const { em, viewer } = await createContext(req, res);
      const post = await findVisiblePost(em, viewer, parseId(String(req.params.id)));
      const width = servedWidth(Number(req.query.w ?? 640) || 640);
      const picture = post ? await readThumbnail(em, post.id, width) : null;
      if (!picture) throw new NotFound('Picture not found');
      res.setHeader('Content-Type', picture.contentType);
      // Private posts' pictures must not sit in shared caches.
      res.setHeader('Cache-Control', post!.isPrivate ? 'private, max-age=3600' : 'public, max-age=86400');
      res.send(picture.bytes);
    }),
  );
  return router;
}
