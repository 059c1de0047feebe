/**
 * oEmbed (oembed.com): the keyless JSON that YouTube, TikTok and X publish for embedding a
 * post, with its title, author and thumbnail. Networks add their own fields (TikTok's
 * author_unique_id), so the raw object is kept for them.
 */
import type { OutboundHttp } from '../scraped-post.js';
import { failOnStatus, failure } from './failures.js';
import { isJsonObject, parseJson, stringAt, type JsonObject } from './json.js';

export interface OEmbed {
  title: string | null;
  authorName: string | null;
  authorUrl: string | null;
  thumbnailUrl: string | null;
  html: string | null;
  raw: JsonObject;
}

/** GETs `endpoint?url=<postUrl>&<extra>` and reads the answer; throws ScrapeFailure. */
export async function fetchOEmbed(http: OutboundHttp, endpoint: string, postUrl: string, extra: Readonly<Record<string, string>> = {}): Promise<OEmbed> {
  const query = new URLSearchParams({ url: postUrl, ...extra });
  const what = `oEmbed ${new URL(endpoint).hostname}`;
  const response = await http.get(`${endpoint}?${query}`, { accept: 'application/json' });
  failOnStatus(response, what);
  const raw = parseJson(await response.text());
  if (!isJsonObject(raw)) throw failure('malformed', what);
  const oembed: OEmbed = {
    title: stringAt(raw, 'title'),
    authorName: stringAt(raw, 'author_name'),
    authorUrl: stringAt(raw, 'author_url'),
    thumbnailUrl: stringAt(raw, 'thumbnail_url'),
    html: stringAt(raw, 'html'),
    raw,
  };
  // Every oEmbed answer about a post names its author; one that does not is not about a post.
  if (oembed.authorName === null && oembed.authorUrl === null) throw failure('malformed', what);
  return oembed;
}
