import express, { type RequestHandler } from 'express';
import { validatedRoute } from '../../http/validated-route.js';
import { blogFeedXml } from './blog-feed.js';
import { contentLibrary } from './content-library.js';

/**
 * Mounted at `/blog`, ahead of the pages: `GET /blog/feed.xml`, the blog's Atom feed
 * (docs/product.md §Blog and help). Everyone may read it, and it reads no input (a feed reader's
 * query string is ignored); the shared per-address limit applies as to every other route.
 */
export function blogRoutes(deps: { contentDir: string; publicUrl: string }, limiter: RequestHandler): express.Router {
  const router = express.Router();
  router.get(
    '/feed.xml',
    limiter,
    validatedRoute({}, async (_input, _req, res) => {
      const library = await contentLibrary(deps.contentDir);
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.type('application/atom+xml; charset=utf-8').send(blogFeedXml(deps.publicUrl, library.blogPosts));
    }),
  );
  return router;
}
