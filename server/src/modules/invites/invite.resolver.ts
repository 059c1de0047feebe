import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { loadViewerEntity, type RequestContext } from '../users/index.js';
import { createMailer } from '../mail/index.js';
import { requireInviter } from './invite.policy.js';
import { inviteFriend } from './invite.service.js';
import { InviteFriendInput, InviteFriendPayload, RecordReferralInput, RecordReferralPayload } from './invite.types.js';
import { recordReferralOfNewAccount } from './referral.js';

@Resolver()
export class InviteResolver {
  @Mutation(() => InviteFriendPayload, {
    description: 'Mails a friend an invitation to Byline with the viewer’s sign-up link; when they sign up the viewer is credited and notified.',
  })
  async inviteFriend(@Arg('input', () => InviteFriendInput, { description: 'The friend’s email address.' }) input: InviteFriendInput, @Ctx() context: RequestContext): Promise<InviteFriendPayload> {
    const viewer = requireInviter(context.viewer);
    // The same mailer the REST routes use (SMTP_URL, else the outbox folder), built from the request's config.
    const mailer = createMailer(context.config, context.logger);
    return inviteFriend({ em: context.em, config: context.config, mailer, logger: context.logger }, viewer, input.email);
  }

  @Mutation(() => RecordReferralPayload, {
    description:
      'Records whose invite link the viewer signed up through (the `invitedBy` of the link), within 24 hours of signing up; the inviter is notified. Email sign-ups record it as they sign up.',
  })
  async recordReferral(@Arg('input', () => RecordReferralInput, { description: 'The inviter’s username.' }) input: RecordReferralInput, @Ctx() context: RequestContext): Promise<RecordReferralPayload> {
    const viewer = requireInviter(context.viewer);
    return { recorded: await recordReferralOfNewAccount(context.em, await loadViewerEntity(context.em, viewer), input.invitedBy) };
  }
}
