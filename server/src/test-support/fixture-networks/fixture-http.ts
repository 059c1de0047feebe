/**
 * Building blocks of fixture answers: the route shape every network module fills in, and
 * small builders for JSON, HTML pages with metadata, redirects and pictures.
 */
import type { NetworkName } from '../../../../domain/networks.js';
import type { FixturePost } from './fixture-posts.js';
import type { PostScenario } from './scenarios.js';

export interface FixtureResponse {
  status: number;
  headers?: Record<string, string>;
  body: string | Uint8Array;
}

/** A request as the network would have received it (the scraper base prefix removed). */
export interface FixtureRequest {
  /** Host as requested, e.g. www.tiktok.com. */
  host: string;
  url: URL;
}

export interface PostRoute {
  network: NetworkName;
  /** The post's external id; its scenario decides the answer. */
  postId: string;
  render(scenario: PostScenario, post: FixturePost): FixtureResponse;
}

/** A post-bearing route, a fixed answer (a login page, a short-link redirect), or null for "not mine". */
export type RouteResult = PostRoute | FixtureResponse | null;
export type FixtureRouter = (request: FixtureRequest) => RouteResult;

export function isPostRoute(result: RouteResult): result is PostRoute {
  return result !== null && 'render' in result;
}

export function json(status: number, value: unknown): FixtureResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(value) };
}

/** Text that is not valid JSON although it says it is. */
export function brokenJson(): FixtureResponse {
  return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"version":"1.0","title":"unterminated' };
}

export function text(status: number, body: string, contentType = 'text/plain; charset=utf-8'): FixtureResponse {
  return { status, headers: { 'content-type': contentType }, body };
}

export function redirect(status: 301 | 302, location: string): FixtureResponse {
  return { status, headers: { location, 'content-type': 'text/html' }, body: `<a href="${escapeHtml(location)}">Moved</a>` };
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export interface PageParts {
  title?: string;
  /** [key, value]: og:* and article:* become property=, itemprop: keys itemprop=, the rest name=. */
  metas?: ReadonlyArray<readonly [string, string | null | undefined]>;
  jsonLd?: unknown;
  /** <script id=… type="application/json"> blocks, as apps embed their state. */
  scripts?: Readonly<Record<string, unknown>>;
  body?: string;
  /** Real sites differ; 'content-first' writes content= before the key, in single quotes. */
  metaStyle?: 'key-first' | 'content-first';
}

function metaTag(key: string, value: string, style: PageParts['metaStyle']): string {
  const attribute = key.startsWith('itemprop:') ? 'itemprop' : /^(og|article|fb|al):/.test(key) ? 'property' : 'name';
  const name = key.replace(/^itemprop:/, '');
  if (style === 'content-first') return `<meta content='${escapeHtml(value)}' ${attribute}='${name}'>`;
  return `<meta ${attribute}="${name}" content="${escapeHtml(value)}" />`;
}

/** JSON inside <script> must not contain "</script>"; \u003c keeps it valid JSON. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function htmlPage(parts: PageParts, status = 200): FixtureResponse {
  const metas = (parts.metas ?? [])
    .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string')
    .map(([key, value]) => metaTag(key, value, parts.metaStyle));
  const head = [
    '<meta charset="utf-8">',
    parts.title === undefined ? '' : `<title>${escapeHtml(parts.title)}</title>`,
    ...metas,
    parts.jsonLd === undefined ? '' : `<script type="application/ld+json">${scriptJson(parts.jsonLd)}</script>`,
    ...Object.entries(parts.scripts ?? {}).map(([id, value]) => `<script id="${id}" type="application/json">${scriptJson(value)}</script>`),
  ].filter(Boolean);
  const body = `<!doctype html><html lang="en"><head>${head.join('\n')}</head><body>${parts.body ?? ''}</body></html>`;
  return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
}

/** A page that says, in the network's words, why the post is not shown (and carries no metadata). */
export function noticePage(title: string, notice: string, status = 200): FixtureResponse {
  return htmlPage({ title, body: `<main><h2>${escapeHtml(notice)}</h2></main>` }, status);
}

/** A page a network might serve half-written: no metadata at all. */
export function brokenPage(): FixtureResponse {
  return text(200, '<!doctype html><html><head></head><body><div id="app"', 'text/html; charset=utf-8');
}

const TINY_JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIgCjj//2Q==',
  'base64',
);

/** Every thumbnail on every network is this 16×16 JPEG (unless the server was given another), enough for the importer to copy and resize. */
export function picture(jpeg: Uint8Array = TINY_JPEG): FixtureResponse {
  return { status: 200, headers: { 'content-type': 'image/jpeg', 'cache-control': 'max-age=3600' }, body: jpeg };
}

export function notFoundPage(): FixtureResponse {
  return noticePage('Page not found', 'Page not found', 404);
}
