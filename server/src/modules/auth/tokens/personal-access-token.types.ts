import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { connectionType } from '../../../graphql/connection.js';
import { PersonalAccessToken } from './personal-access-token.entity.js';
import { TokenScopeEnum } from './token-scope.enum.js';
import type { TokenScope } from '../../../../../domain/token-scopes.js';

export const PersonalAccessTokenConnection = connectionType('PersonalAccessToken', PersonalAccessToken, { totalCount: true });

@InputType('CreatePersonalAccessTokenInput', { description: 'The new token’s name, lifetime and scope.' })
export class CreatePersonalAccessTokenInput {
  @Field(() => String, { description: '1 to 100 characters.' }) name!: string;
  @Field(() => Int, { nullable: true, description: '1 to 3650; null or omitted: never expires.' }) expiresInDays?: number | null;
  // Read-only unless asked: a token leaked from a script that only reads should not be able to change anything (secure by default, like GitHub's fine-grained tokens).
  @Field(() => TokenScopeEnum, { defaultValue: 'read_only', description: 'READ_WRITE to let the token run mutations; READ_ONLY (queries and subscriptions only) when omitted.' }) scope!: TokenScope;
}

@ObjectType('CreatePersonalAccessTokenPayload', { description: 'The result of createPersonalAccessToken: the token and, this once, its secret.' })
export class CreatePersonalAccessTokenPayload {
  @Field(() => PersonalAccessToken, { description: 'The new token, as the token list shows it.' }) personalAccessToken!: PersonalAccessToken;

  @Field(() => String, { description: 'The secret (byl_pat_…): shown this once, store it now. Send it as `Authorization: Bearer <secret>`.' })
  secret!: string;
}

@InputType('RevokePersonalAccessTokenInput', { description: 'The token to revoke.' })
export class RevokePersonalAccessTokenInput {
  @Field(() => ID, { description: 'The token’s global id.' }) id!: string;
}

@ObjectType('RevokePersonalAccessTokenPayload', { description: 'What revokePersonalAccessToken answers: which token stopped working.' })
export class RevokePersonalAccessTokenPayload {
  @Field(() => ID, { description: 'The global id of the token revoked: it stops working at once, open subscriptions included.' })
  revokedPersonalAccessTokenId!: string;
}
