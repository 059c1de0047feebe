import { Router } from 'express';
import { NotFound } from '../../errors/app-errors.js';
import type { HttpContextFactory } from '../users/index.js';
import { sendData } from '../../http/rest.js';
import { validatedRoute } from '../../http/validated-route.js';
import { requireViewer } from '../users/index.js';
import { toPostDto } from './post.dto.js';
import { findPostByUrl, trackPostByUrl } from './import/tracking/post-import.service.js';
import { postByIdInput, postByUrlInput, postThumbnailInput, trackPostInput } from './post.route-inputs.js';
import { isOpenToEveryone } from './post.policy.js';
import { findVisiblePost } from './post.service.js';
import { readThumbnail, servedWidth } from './thumbnail-store.js';

/** REST façade of the posts module: the same services the GraphQL resolvers call. */
export function postRoutes(createContext: HttpContextFactory): Router {
  const router = Router();

  // getPostByUrl(url)
  router.get(
    '/posts/by-url',
    validatedRoute(postByUrlInput, async ({ query }, req, res) => {
      const { em, viewer } = await createContext(req, res);
      const post = await findPostByUrl(em, viewer, query.url);
      sendData(res, post ? await toPostDto(em, post) : null);
    }),
  );

  // createPostByUrl(url)
  router.post(
    '/posts',
    validatedRoute(trackPostInput, async ({ body }, req, res) => {
      const context = await createContext(req, res);
      const viewer = requireViewer(context);
      const result = await trackPostByUrl(
        { em: context.em, pubsub: context.pubsub, boss: context.boss, fastPathMs: context.config.importFastPathMs },
        viewer,
        body.url,
      );
      sendData(res, { outcome: result.outcome, url: result.url, post: result.post ? await toPostDto(context.em, result.post) : null }, result.outcome === 'QUEUED' ? 202 : 200);
    }),
  );

  router.get(
    '/posts/:id',
    validatedRoute(postByIdInput, async ({ params }, req, res) => {
      const { em, viewer } = await createContext(req, res);
      const post = await findVisiblePost(em, viewer, params.id);
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
    validatedRoute(postThumbnailInput, async ({ params, query }, req, res) => {
      const { em, viewer } = await createContext(req, res);
      const post = await findVisiblePost(em, viewer, params.id);
      // No width (or 0): the stored picture, the widest we serve.
      const width = servedWidth(query.w || 640);
      const picture = post ? await readThumbnail(em, post.id, width) : null;
      if (!picture) throw new NotFound('Picture not found');
      res.setHeader('Content-Type', picture.contentType);
      if (isOpenToEveryone(post!)) {
        res.setHeader('Cache-Control', 'public, max-age=86400');
      } else {
        // Private posts' and stories' pictures are the viewer's alone: no shared cache may keep
        // them, and the browser's copy is tied to who asked.
        res.setHeader('Cache-Control', 'private, max-age=3600');
        res.vary('Authorization').vary('Cookie');
      }
      res.send(picture.bytes);
    }),
  );
  return router;
}
