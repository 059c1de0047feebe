import { Router } from 'express';
import { toGlobalId } from '../../graphql/global-id.js';
import { readKeysetPage } from '../../graphql/pagination.js';
import type { HttpContextFactory } from '../users/index.js';
import { sendData } from '../../http/rest.js';
import { validatedRoute } from '../../http/validated-route.js';
import { requireViewer } from '../users/index.js';
import { listViewerInvitations } from './invitations/team-invitations.service.js';
import { findReadableReport, reportCsv } from './reports/team-reports.service.js';
import { createTeamInput, reportCsvInput } from './team.route-inputs.js';
import { createTeam } from './team.service.js';

/** REST façade of the teams module (docs/product.md §API): the same services the GraphQL resolvers call. */
export function teamRoutes(createContext: HttpContextFactory): Router {
  const router = Router();

  // POST /teams { name, accounts, members, status }: create team.
  router.post(
    '/teams',
    validatedRoute(createTeamInput, async ({ body }, req, res) => {
      const context = await createContext(req, res);
      const viewer = requireViewer(context);
      const team = await createTeam({ em: context.em, boss: context.boss, publicUrl: context.config.publicUrl }, viewer, {
        name: body.name,
        makeMeManager: body.makeMeManager ?? false,
        accountIds: body.accounts ?? [],
        invitations: (body.members ?? []).map((member) => ({ email: member.email, role: member.role ?? 'member' })),
        ...(body.status ? { status: body.status } : {}),
      });
      sendData(res, { id: team.id, globalId: toGlobalId('Team', team.id), name: team.name, status: team.status }, 201);
    }),
  );

  // GET /teams/teamInvites: invitations to accept.
  router.get(
    '/teams/teamInvites',
    validatedRoute({}, async (_input, req, res) => {
      const context = await createContext(req, res);
      const viewer = requireViewer(context);
      const page = await listViewerInvitations(context.em, viewer, readKeysetPage({ first: 100 }));
      sendData(
        res,
        page.nodes.map((invitation) => ({ id: invitation.id, name: invitation.team.getEntity().name, code: invitation.code, role: invitation.role, expiresAt: invitation.expiresAt.toISOString() })),
      );
    }),
  );

  // A saved report's stored numbers as CSV.
  router.get(
    '/teams/reports/:id/csv',
    validatedRoute(reportCsvInput, async ({ params }, req, res) => {
      const context = await createContext(req, res);
      const viewer = requireViewer(context);
      const report = await findReadableReport(context.em, viewer, params.id);
      const csv = await reportCsv(context.em, report.id);
      const fileName = `${report.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim().replace(/\s+/g, '-') || 'report'}.csv`;
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
      res.send(csv);
    }),
  );
  return router;
}
