import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MESSAGES, announcementProblems, isAnnouncementLink } from './announcements.js';

describe('announcements', () => {
  it('take a path on Byline or an https address as their link, nothing else', () => {
    for (const link of ['/blog/teams', '/messages?x=1', 'https://byline.example/news']) expect(isAnnouncementLink(link), link).toBe(true);
    for (const link of ['//evil.example', '/\\evil.example', 'http://byline.example', 'javascript:alert(1)', 'https://user:pw@byline.example', 'blog/teams', '/a b']) expect(isAnnouncementLink(link), link).toBe(false);
  });

  it('need a title and a body within their lengths, judged trimmed', () => {
    expect(announcementProblems({ title: '  ', body: '', link: '' })).toEqual({ title: ANNOUNCEMENT_MESSAGES.titleRequired, body: ANNOUNCEMENT_MESSAGES.bodyRequired });
    expect(announcementProblems({ title: 'x'.repeat(121), body: 'ok', link: 'ftp://x' })).toEqual({ title: ANNOUNCEMENT_MESSAGES.titleTooLong, link: ANNOUNCEMENT_MESSAGES.linkInvalid });
    expect(announcementProblems({ title: ` ${'x'.repeat(120)} `, body: 'ok', link: ' /blog ' })).toEqual({});
  });
});
