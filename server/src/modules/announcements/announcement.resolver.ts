import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Connection } from '../../graphql/connection.js';
import { ForwardPageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { requireAdminViewer } from '../admin/index.js';
import { Notification, type NotificationView } from '../notifications/index.js';
import type { RequestContext } from '../users/index.js';
import { Announcement } from './announcement.entity.js';
import { listAnnouncements, previewAnnouncement, renderAnnouncementBody, sendAnnouncement, type AnnouncementPreviewView } from './announcement.service.js';
import { AnnouncementConnection, AnnouncementDraftInput, ProductNews, SendAnnouncementInput, SendAnnouncementPayload } from './announcement.types.js';

function draftOf(input: AnnouncementDraftInput): { title: string; body: string; link: string } {
  return { title: input.title, body: input.body, link: input.link ?? '' };
}

/** Product news (docs/product.md §Product news): admins only; anyone else is answered "not found". */
@Resolver(() => Announcement)
export class AnnouncementResolver {
  @Query(() => AnnouncementConnection, { description: 'Admins only (anyone else: not found): the announcements sent, newest first, each with how many accounts it reached.' })
  announcements(@Args(() => ForwardPageArgs) page: ForwardPageArgs, @Ctx() context: RequestContext): Promise<Connection<Announcement>> {
    requireAdminViewer(context.viewer);
    return listAnnouncements(context.em, readKeysetPage(page));
  }

  @Query(() => ProductNews, { description: 'Admins only: an announcement as it will read (its body rendered), checked as sendAnnouncement checks it; nothing is stored.' })
  announcementPreview(@Arg('input', () => AnnouncementDraftInput, { description: 'The draft: title, Markdown body and optional link.' }) input: AnnouncementDraftInput, @Ctx() context: RequestContext): AnnouncementPreviewView {
    requireAdminViewer(context.viewer);
    return previewAnnouncement(draftOf(input));
  }

  @Mutation(() => SendAnnouncementPayload, {
    description: 'Admins only: sends product news to every account, as each one’s Product news preference says (in the app, by mail at once, in the daily digest, or not at all). A queue job delivers it in batches; reachedCount grows as it goes.',
  })
  async sendAnnouncement(@Arg('input', () => SendAnnouncementInput, { description: 'The announcement to send.' }) input: SendAnnouncementInput, @Ctx() context: RequestContext): Promise<SendAnnouncementPayload> {
    const viewer = requireAdminViewer(context.viewer);
    return { announcement: await sendAnnouncement(context.em, context.boss, viewer, draftOf(input.announcement)) };
  }

  @FieldResolver(() => String, { description: 'The body rendered as the blog renders Markdown (raw HTML escaped).' })
  bodyHtml(@Root() announcement: Announcement): string {
    return renderAnnouncementBody(announcement);
  }
}

/** A Product news notification's announcement, for the person it was sent to (notifications are only ever their owner's). */
@Resolver(() => Notification)
export class NotificationAnnouncementResolver {
  @FieldResolver(() => ProductNews, { nullable: true, description: 'For PRODUCT_NEWS: the announcement, its body rendered.' })
  async announcement(@Root() notification: NotificationView, @Ctx() context: RequestContext): Promise<ProductNews | null> {
    if (notification.announcementId === null) return null;
    // Batched with the page's other announcements (one query per tick).
    const announcement = await context.em.getReference(Announcement, notification.announcementId, { wrapped: true }).load();
    return announcement ? { title: announcement.title, bodyHtml: renderAnnouncementBody(announcement), link: announcement.link } : null;
  }
}
