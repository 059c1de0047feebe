import { Field, InputType, ObjectType } from 'type-graphql';
import { connectionType } from '../../graphql/connection.js';
import { Announcement } from './announcement.entity.js';

export const AnnouncementConnection = connectionType('Announcement', Announcement, { totalCount: true });

@InputType('AnnouncementDraftInput', { description: 'An announcement as an admin writes it.' })
export class AnnouncementDraftInput {
  @Field(() => String, { description: 'Up to 120 characters: the notification’s words and the mail’s subject.' }) title!: string;
  @Field(() => String, { description: 'Markdown, up to 10,000 characters; raw HTML is shown as text.' }) body!: string;
  @Field(() => String, { nullable: true, description: 'Optional: a path on Byline (starting with /) or an https address.' }) link?: string | null;
}

@ObjectType('ProductNews', { description: 'Product news as a person reads it: an announcement’s title, body and link (also an admin’s preview before sending).' })
export class ProductNews {
  @Field(() => String, { description: 'Its title, up to 120 characters.' }) title!: string;
  @Field(() => String, { description: 'The body rendered as the blog renders Markdown (raw HTML escaped).' }) bodyHtml!: string;
  @Field(() => String, { nullable: true, description: 'Where it leads: a path on Byline or an https address; null when it has none.' }) link!: string | null;
}

@InputType('SendAnnouncementInput', { description: 'The announcement to send to every account.' })
export class SendAnnouncementInput {
  @Field(() => AnnouncementDraftInput, { description: 'Its title, Markdown body and optional link, checked as announcementPreview checks them.' }) announcement!: AnnouncementDraftInput;
}

@ObjectType('SendAnnouncementPayload', { description: 'What sendAnnouncement answers: the stored announcement, being delivered.' })
export class SendAnnouncementPayload {
  @Field(() => Announcement, { description: 'The announcement, SENDING: a queue job tells every account in batches.' }) announcement!: Announcement;
}
