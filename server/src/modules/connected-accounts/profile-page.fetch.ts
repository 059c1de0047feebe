/**
 * Fetches a social profile page through the importer's outbound client (its address checks,
 * size limit and SCRAPER_BASE_URL, so tests reach the fixture networks) and turns what the
 * network answers into a ProfilePage or the error a user should read.
 */
import * as MESSAGES from '../../../../domain/messages.js';
import { NotFound, Unprocessable, UpstreamTimeout } from '../../errors/app-errors.js';
import { OutboundRefused, ScrapeFailure, type OutboundHttp } from '../posts/index.js';
import { readProfilePage, type ProfilePage } from './profile-page.reader.js';

/**
 * A click on "Check now" waits for this at most: long enough for a slow network page, short
 * enough that the person is told to try again rather than left watching a spinner.
 */
export const PROFILE_FETCH_TIMEOUT_MS = 8_000;

export const PROFILE_UNREADABLE_MESSAGE = 'We could not read that profile right now. Make sure the account is public, then try again in a few minutes.';

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

export async function fetchProfilePage(http: OutboundHttp, url: string, timeoutMs = PROFILE_FETCH_TIMEOUT_MS): Promise<ProfilePage> {
  let status: number;
  let html: string;
  try {
    const response = await http.get(url, { accept: HTML_ACCEPT, timeoutMs });
    status = response.status;
    html = status >= 200 && status < 300 ? await response.text() : '';
  } catch (error) {
    if (error instanceof ScrapeFailure && error.reason === 'timeout') throw new UpstreamTimeout();
    if (error instanceof ScrapeFailure || error instanceof OutboundRefused) throw new Unprocessable(PROFILE_UNREADABLE_MESSAGE);
    throw error;
  }
  if (status === 404 || status === 410) throw new NotFound(MESSAGES.channelNotFound);
  if (status < 200 || status >= 300) throw new Unprocessable(PROFILE_UNREADABLE_MESSAGE);
  const page = readProfilePage(html);
  if (page.saysNoSuchAccount) throw new NotFound(MESSAGES.channelNotFound);
  // A page with nothing of a profile on it is a network's "page isn't available" screen.
  if (page.bioTexts.length === 0 && page.displayName === null && page.followerCount === null) throw new NotFound(MESSAGES.channelNotFound);
  return page;
}
