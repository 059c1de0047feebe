import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import * as MESSAGES from '../../../../../domain/messages.js';
import type { Connection } from '../../../graphql/connection.js';
import type { RequestContext } from '../../users/index.js';
import { parseGlobalId, toGlobalId } from '../../../graphql/global-id.js';
import { PageArgs, readKeysetPage } from '../../../graphql/pagination.js';
import { auditViewer, recordAudit } from '../../audit/index.js';
import { requireOwnSession, requireViewer } from '../../users/index.js';
import { PersonalAccessToken } from './personal-access-token.entity.js';
import { createPersonalAccessToken, listPersonalAccessTokens, revokePersonalAccessToken } from './personal-access-token.service.js';
import {
  CreatePersonalAccessTokenInput,
  CreatePersonalAccessTokenPayload,
  PersonalAccessTokenConnection,
  RevokePersonalAccessTokenInput,
  RevokePersonalAccessTokenPayload,
} from './personal-access-token.types.js';

@Resolver(() => PersonalAccessToken)
export class PersonalAccessTokenResolver {
  @Query(() => PersonalAccessTokenConnection, { description: "The viewer's personal access tokens that are not revoked (expired ones included), newest first; at most 50 per account." })
  personalAccessTokens(@Args(() => PageArgs) page: PageArgs, @Ctx() context: RequestContext): Promise<Connection<PersonalAccessToken>> {
    const viewer = requireViewer(context);
    return listPersonalAccessTokens(context.em, viewer.user.id, readKeysetPage(page));
  }

  @Mutation(() => CreatePersonalAccessTokenPayload, { description: 'Creates a token; its secret is in this answer only. Needs your own signed-in session (not a token, not a masquerade).' })
  async createPersonalAccessToken(
    @Arg('input', () => CreatePersonalAccessTokenInput, { description: 'The name, lifetime and scope.' }) input: CreatePersonalAccessTokenInput,
    @Ctx() context: RequestContext,
  ): Promise<CreatePersonalAccessTokenPayload> {
    const viewer = requireOwnSession(requireViewer(context), MESSAGES.tokensNeedSession);
    const { token, record } = await createPersonalAccessToken(context.em, viewer.user.id, {
      name: input.name,
      expiresInDays: input.expiresInDays ?? null,
      scope: input.scope,
    });
    recordAudit(context.em, auditViewer(viewer), { action: 'create', target: 'personal_access_tokens', targetId: record.id, fields: { name: record.name, scope: record.scope } });
    await context.em.flush();
    return { personalAccessToken: record, secret: token };
  }

  @Mutation(() => RevokePersonalAccessTokenPayload, { description: 'Revokes one of the viewer’s tokens: it stops working at once, and subscriptions running with it end.' })
  async revokePersonalAccessToken(
    @Arg('input', () => RevokePersonalAccessTokenInput, { description: 'The token to revoke.' }) input: RevokePersonalAccessTokenInput,
    @Ctx() context: RequestContext,
  ): Promise<RevokePersonalAccessTokenPayload> {
    const viewer = requireViewer(context);
    const tokenId = parseGlobalId(input.id, 'PersonalAccessToken');
    await revokePersonalAccessToken(context.em, viewer.user.id, tokenId);
    recordAudit(context.em, auditViewer(viewer), { action: 'delete', target: 'personal_access_tokens', targetId: tokenId });
    await context.em.flush();
    return { revokedPersonalAccessTokenId: toGlobalId('PersonalAccessToken', tokenId) };
  }
}
