import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import { User, requireViewer, type RequestContext } from '../users/index.js';
import { notificationPreferencesOf, setNotificationDelivery } from './notification-preferences.service.js';
import { NotificationPreference, UpdateNotificationPreferenceInput, UpdateNotificationPreferencePayload } from './notification-preference.types.js';

/** Settings → Notifications: the viewer's own choices only (docs/product.md §Notification preferences). */
@Resolver(() => User)
export class NotificationPreferenceResolver {
  @FieldResolver(() => [NotificationPreference], {
    nullable: true,
    description: 'How each kind of notification reaches this user, every kind listed (at most 20); null for anyone but the viewer.',
  })
  async notificationPreferences(@Root() user: User, @Ctx() context: RequestContext): Promise<NotificationPreference[] | null> {
    if (context.viewer?.user.id !== user.id) return null;
    return notificationPreferencesOf(context.em, user.id);
  }

  @Mutation(() => UpdateNotificationPreferencePayload, { description: 'Chooses how one kind of notification reaches the viewer; mails it still owed that the choice no longer sends are dropped.' })
  async updateNotificationPreference(
    @Arg('input', () => UpdateNotificationPreferenceInput, { description: 'The kind and its new delivery.' }) input: UpdateNotificationPreferenceInput,
    @Ctx() context: RequestContext,
  ): Promise<UpdateNotificationPreferencePayload> {
    const viewer = requireViewer(context);
    return { notificationPreference: await setNotificationDelivery(context.em, viewer.user.id, input.kind, input.delivery) };
  }
}
