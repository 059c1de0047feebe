import express, { type RequestHandler } from 'express';
import type { Logger } from '../../logger.js';
import { blogFeedXml, BLOG_FEED_PATH } from './blog-feed.js';
import { contentLibrary } from './content-library.js';

/**
 * `GET /blog/feed.xml`, the blog's Atom feed, ahead of the pages (docs/product.md §Blog and help).
 * Everyone may read it; the shared per-address limit applies as to every other route.
 */
export function contentRoutes(deps: { contentDir: string; publicUrl: string; logger: Logger }, limiter: RequestHandler): express.Router {
  const router = express.Router();
  router.get(BLOG_FEED_PATH, limiter, async (_req, res, next) => {
    try {
      const library = await contentLibrary(deps.contentDir);
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.type('application/atom+xml; charset=utf-8').send(blogFeedXml(deps.publicUrl, library.blogPosts));
    } catch (error) {
      deps.logger.error({ err: error }, 'the blog feed could not be built');
      next(error);
    }
  });
  return router;
}
