import { z } from 'zod';
import { TEAM_MEMBER_ROLES } from '../../../../domain/enums.js';
import { databaseIdText, databaseIdValue } from '../../http/input-schemas.js';
import { TEAM_MESSAGES } from './team.messages.js';

/** POST /api/teams { name, accounts?, members?, status?, makeMeManager? } (docs/product.md §API). */
export const createTeamInput = {
  body: z.object(
    {
      name: z.string({ error: TEAM_MESSAGES.nameRequired }).max(1000, { error: TEAM_MESSAGES.nameTooLong }),
      /** Social account ids the team manages from the start. */
      accounts: z.array(databaseIdValue, { error: 'accounts must be a list of social account ids.' }).max(100).optional(),
      /** People to invite, by email, with a role (member when omitted). */
      members: z
        .array(z.object({ email: z.string({ error: 'Email is required' }).max(320), role: z.enum(TEAM_MEMBER_ROLES, { error: 'role must be manager, member or pro_only.' }).optional() }), {
          error: 'members must be a list of { email, role }.',
        })
        .max(100)
        .optional(),
      status: z.enum(['active', 'inactive'], { error: 'status must be active or inactive.' }).optional(),
      makeMeManager: z.boolean({ error: 'makeMeManager must be true or false.' }).optional(),
    },
    { error: TEAM_MESSAGES.nameRequired },
  ),
};

/** GET /api/teams/reports/:id/csv */
export const reportCsvInput = { params: z.object({ id: databaseIdText }) };
