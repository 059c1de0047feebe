import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { createMailer } from '../mail/mailer.js';
import { requireInviter } from './invite.policy.js';
import { inviteFriend } from './invite.service.js';
import { InviteFriendInput, InviteFriendPayload } from './invite.types.js';

@Resolver()
export class InviteResolver {
  @Mutation(() => InviteFriendPayload, {
    description: 'Mails a friend an invitation to Byline with the viewer’s sign-up link; when they sign up the viewer is credited and notified.',
  })
  async inviteFriend(@Arg('input', () => InviteFriendInput) input: InviteFriendInput, @Ctx() context: RequestContext): Promise<InviteFriendPayload> {
    const viewer = requireInviter(context.viewer);
    // The same mailer the REST routes use (SMTP_URL, else the outbox folder), built from the request's config.
    const mailer = createMailer(context.config, context.logger);
    return inviteFriend({ em: context.em, config: context.config, mailer, logger: context.logger }, viewer, input.email);
  }
}
