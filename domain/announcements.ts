/**
 * Product news (docs/product.md §Product news): what an admin's announcement may hold, judged the
 * same way by the admin page and the server.
 */
export interface AnnouncementDraft {
  title: string;
  body: string;
  link: string;
}

export type AnnouncementField = keyof AnnouncementDraft;

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 10_000;
export const ANNOUNCEMENT_LINK_MAX = 2_048;
/** People told per transaction of the delivery job. */
export const ANNOUNCEMENT_BATCH_SIZE = 500;

export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: 'An announcement needs a title.',
  titleTooLong: `A title is at most ${ANNOUNCEMENT_TITLE_MAX} characters.`,
  bodyRequired: 'An announcement needs a body.',
  bodyTooLong: `The body is at most ${ANNOUNCEMENT_BODY_MAX.toLocaleString('en-US')} characters.`,
  linkInvalid: 'The link must be a path on Byline (starting with /) or an https:// address.',
} as const;

/** Whether a link may go in an announcement: a path on Byline, or an https address. */
export function isAnnouncementLink(link: string): boolean {
  if (link.length > ANNOUNCEMENT_LINK_MAX || /\s/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\');
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The draft trimmed, as it is stored and sent. */
export function normalizedAnnouncement(draft: AnnouncementDraft): AnnouncementDraft {
  return { title: draft.title.trim(), body: draft.body.trim(), link: draft.link.trim() };
}

/** What is wrong with each field, in the words the page shows beside it; empty when it can be sent. */
export function announcementProblems(draft: AnnouncementDraft): Partial<Record<AnnouncementField, string>> {
  const { title, body, link } = normalizedAnnouncement(draft);
  const problems: Partial<Record<AnnouncementField, string>> = {};
  if (title === '') problems.title = ANNOUNCEMENT_MESSAGES.titleRequired;
  else if (Array.from(title).length > ANNOUNCEMENT_TITLE_MAX) problems.title = ANNOUNCEMENT_MESSAGES.titleTooLong;
  if (body === '') problems.body = ANNOUNCEMENT_MESSAGES.bodyRequired;
  else if (Array.from(body).length > ANNOUNCEMENT_BODY_MAX) problems.body = ANNOUNCEMENT_MESSAGES.bodyTooLong;
  if (link !== '' && !isAnnouncementLink(link)) problems.link = ANNOUNCEMENT_MESSAGES.linkInvalid;
  return problems;
}
