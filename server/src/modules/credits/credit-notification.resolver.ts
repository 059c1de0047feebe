import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import type { Viewer } from '../auth/sessions/viewer.js';
import { Notification } from '../notifications/notification.entity.js';
import type { NotificationView } from '../notifications/notification.view.js';
import { Credit } from './credit.entity.js';
import { loadVisibleCreditViews } from './credit-visibility.js';
import type { CreditView } from './credit.view.js';

// One loader per request: a page of notifications loads its credits in one go, as plain rows.
const loaders = new WeakMap<EntityManager, DataLoader<number, CreditView | null>>();

function visibleCreditLoader(em: EntityManager, viewer: Viewer | null): DataLoader<number, CreditView | null> {
  let loader = loaders.get(em);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly number[]) => {
      const found = new Map((await loadVisibleCreditViews(em, viewer, ids)).map((credit) => [credit.id, credit]));
      return ids.map((id) => found.get(id) ?? null);
    });
    loaders.set(em, loader);
  }
  return loader;
}

@Resolver(() => Notification)
export class NotificationCreditResolver {
  @FieldResolver(() => Credit, {
    nullable: true,
    description: 'The credit a credit notification is about, while it exists and the viewer may see it: offer Accept and Decline from its viewerCan.',
  })
  credit(@Root() notification: NotificationView, @Ctx() { em, viewer }: RequestContext): Promise<CreditView | null> | null {
    return notification.credit ? visibleCreditLoader(em, viewer).load(notification.credit.id) : null;
  }
}
