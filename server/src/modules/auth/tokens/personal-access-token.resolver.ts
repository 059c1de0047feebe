import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { MESSAGES } from '../../../../../domain/messages.js';
import type { RequestContext } from '../../../graphql/context.js';
import { parseId } from '../../../graphql/ids.js';
import { auditViewer, recordAudit } from '../../audit/audit.service.js';
import { requireOwnSession, requireViewer } from '../sessions/guards.js';
import type { PersonalAccessToken } from './personal-access-token.entity.js';
import { createPersonalAccessToken, listPersonalAccessTokens, revokePersonalAccessToken } from './personal-access-token.service.js';

/** A token as its owner sees it in a list: never the secret nor its hash. */
@ObjectType('PersonalAccessToken', { description: 'A token for integrators (`Authorization: Bearer byl_pat_…`).' })
export class PersonalAccessTokenView {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { description: 'The last characters of the token, to tell tokens apart.' }) tokenHint!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'Null: never expires.' }) expiresAt!: Date | null;
}

@ObjectType('CreatedPersonalAccessToken')
export class CreatedPersonalAccessToken {
  @Field(() => String, { description: 'The secret: shown this once, store it now.' }) token!: string;
  @Field(() => PersonalAccessTokenView) personalAccessToken!: PersonalAccessTokenView;
}

@InputType('CreatePersonalAccessTokenInput')
export class CreatePersonalAccessTokenInput {
  @Field(() => String, { description: '1 to 100 characters.' }) name!: string;
  @Field(() => Int, { nullable: true, description: '1 to 3650; null or omitted: never expires.' }) expiresInDays?: number | null;
}

function toView(record: PersonalAccessToken): PersonalAccessTokenView {
  return {
    id: String(record.id),
    name: record.name,
    tokenHint: record.tokenHint,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
    expiresAt: record.expiresAt,
  };
}

@Resolver()
export class PersonalAccessTokenResolver {
  @Query(() => [PersonalAccessTokenView], { description: "The viewer's live personal access tokens, newest first." })
  async personalAccessTokens(@Ctx() context: RequestContext): Promise<PersonalAccessTokenView[]> {
    const viewer = requireViewer(context);
    return (await listPersonalAccessTokens(context.em, viewer.user.id)).map(toView);
  }

  @Mutation(() => CreatedPersonalAccessToken, { description: 'Creates a token; its secret is in this answer only.' })
  async createPersonalAccessToken(
    @Arg('input', () => CreatePersonalAccessTokenInput) input: CreatePersonalAccessTokenInput,
    @Ctx() context: RequestContext,
  ): Promise<CreatedPersonalAccessToken> {
    const viewer = requireOwnSession(requireViewer(context), MESSAGES.tokensNeedSession);
    const { token, record } = await createPersonalAccessToken(context.em, viewer.user.id, {
      name: input.name,
      expiresInDays: input.expiresInDays ?? null,
    });
    recordAudit(context.em, auditViewer(viewer), { action: 'create', target: 'personal_access_tokens', targetId: record.id, fields: { name: record.name } });
    await context.em.flush();
    return { token, personalAccessToken: toView(record) };
  }

  @Mutation(() => Boolean, { description: 'Revokes one of the viewer’s tokens; it stops working at once.' })
  async revokePersonalAccessToken(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<boolean> {
    const viewer = requireViewer(context);
    const tokenId = parseId(id);
    await revokePersonalAccessToken(context.em, viewer.user.id, tokenId);
    recordAudit(context.em, auditViewer(viewer), { action: 'delete', target: 'personal_access_tokens', targetId: tokenId });
    await context.em.flush();
    return true;
  }
}
