/**
 * Page metadata as networks publish it for link previews: Open Graph and Twitter card meta
 * tags, schema.org itemprop metas, JSON-LD blocks, the title and canonical link, and JSON
 * embedded in <script id=…> tags. A careful pattern reader, not a DOM: attributes may come
 * in any order, with double, single or no quotes, and with HTML entities in their values.
 */
import { decodeEntities, textOf, withoutInvisibleParts } from './html-text.js';
import { isJsonObject, parseJson, type JsonObject } from './json.js';

export interface PageMetadata {
  /** First value of a meta tag by its property, name or itemprop (case-insensitive), e.g. 'og:title'. */
  meta(key: string): string | null;
  metaAll(key: string): readonly string[];
  readonly title: string | null;
  readonly canonicalUrl: string | null;
  /** Every JSON-LD node on the page, with arrays and @graph lists flattened. */
  readonly jsonLd: readonly JsonObject[];
  /** Visible text, for phrases such as "This account is private". */
  readonly text: string;
  /** Parsed JSON of `<script id="…">`, as some networks embed their page data; undefined when absent or invalid. */
  scriptJson(id: string): unknown;
}

/** A tag's attribute list may contain '>' inside quotes, so quoted runs are matched whole. */
const TAG = /<(meta|link|script)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i;

export function parsePageMetadata(html: string): PageMetadata {
  const metas = new Map<string, string[]>();
  const scripts = new Map<string, string>();
  const jsonLd: JsonObject[] = [];
  let canonicalUrl: string | null = null;

  for (const match of html.matchAll(TAG)) {
    const tag = (match[1] ?? '').toLowerCase();
    const attributes = parseAttributes(match[2] ?? '');
    if (tag === 'script') {
      const body = scriptBody(html, (match.index ?? 0) + match[0].length);
      if (attributes.get('type')?.toLowerCase() === 'application/ld+json') jsonLd.push(...flattenJsonLd(parseJson(body.trim())));
      const id = attributes.get('id');
      if (id !== undefined) scripts.set(id, body);
    }
  }
  // Meta and link tags are read only outside scripts and comments, where a string could fake one.
  for (const match of withoutInvisibleParts(html).matchAll(TAG)) {
    const tag = (match[1] ?? '').toLowerCase();
    const attributes = parseAttributes(match[2] ?? '');
    if (tag === 'meta') {
      const key = attributes.get('property') ?? attributes.get('name') ?? attributes.get('itemprop');
      const content = attributes.get('content');
      if (key === undefined || content === undefined) continue;
      const values = metas.get(key.toLowerCase()) ?? [];
      values.push(content.trim());
      metas.set(key.toLowerCase(), values);
    } else if (tag === 'link' && canonicalUrl === null && attributes.get('rel')?.toLowerCase().split(/\s+/).includes('canonical')) {
      canonicalUrl = attributes.get('href') ?? null;
    }
  }

  const rawTitle = TITLE.exec(html)?.[1];
  const title = rawTitle === undefined ? null : textOf(rawTitle) || null;
  const body = /<body\b[^>]*>([\s\S]*)$/i.exec(html)?.[1] ?? html;
  return {
    meta: (key) => metas.get(key.toLowerCase())?.find((value) => value !== '') ?? null,
    metaAll: (key) => metas.get(key.toLowerCase()) ?? [],
    title,
    canonicalUrl,
    jsonLd,
    text: textOf(body),
    scriptJson: (id) => {
      const text = scripts.get(id);
      return text === undefined ? undefined : parseJson(text.trim());
    },
  };
}

/** Attribute names lower-cased, values entity-decoded; the first of a repeated attribute wins, as in browsers. */
function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? '').toLowerCase();
    if (name === '' || attributes.has(name)) continue;
    attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

function scriptBody(html: string, start: number): string {
  const end = html.slice(start).search(/<\/script\s*>/i);
  return end < 0 ? '' : html.slice(start, start + end);
}

function flattenJsonLd(value: unknown): JsonObject[] {
  if (Array.isArray(value)) return value.flatMap(flattenJsonLd);
  if (!isJsonObject(value)) return [];
  const graph = value['@graph'];
  return graph === undefined ? [value] : [value, ...flattenJsonLd(graph)];
}
