import { Router } from 'express';
import { z } from 'zod';
import { PROJECT_MESSAGES } from '../../../../domain/projects.js';
import { NotFound } from '../../errors/app-errors.js';
import { validatedRoute } from '../../http/validated-route.js';
import type { HttpContextFactory } from '../users/index.js';
import { exportCostsCsv } from './cost.service.js';

/** GET /api/projects/:publicId/costs.csv (any string: an id that cannot be one is simply not found). */
const costsCsvInput = { params: z.object({ publicId: z.string().max(64) }) };

/** REST façade of the projects module (docs/product.md §API): the same services the GraphQL resolvers call. */
export function projectRoutes(createContext: HttpContextFactory): Router {
  const router = Router();

  // A project's costs as CSV: for its owners and editors; anyone else hears the project does not exist, as Project.costs answers them null.
  router.get(
    '/projects/:publicId/costs.csv',
    validatedRoute(costsCsvInput, async ({ params }, req, res) => {
      const context = await createContext(req, res);
      const exported = await exportCostsCsv(context.em, context.viewer, params.publicId);
      if (!exported) throw new NotFound(PROJECT_MESSAGES.projectNotFound);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${exported.project.slug}-costs.csv"`);
      res.send(exported.csv);
    }),
  );
  return router;
}
