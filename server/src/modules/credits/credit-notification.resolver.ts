import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../users/index.js';
import { Notification } from '../notifications/index.js';
import type { NotificationView } from '../notifications/index.js';
import { Credit } from './credit.entity.js';
import { loadVisibleCreditView } from './credit-visibility.js';
import type { CreditView } from './credit.view.js';

@Resolver(() => Notification)
export class NotificationCreditResolver {
  @FieldResolver(() => Credit, {
    nullable: true,
    description: 'The credit a credit notification is about, while it exists and the viewer may see it: offer Accept and Decline from its viewerCan.',
  })
  credit(@Root() notification: NotificationView, @Ctx() { em, viewer }: RequestContext): CreditView | null | Promise<CreditView | null> {
    return notification.credit ? loadVisibleCreditView(em, viewer, notification.credit.id) : null;
  }
}
