/**
 * What the server writes into index.html's head for a shared link (pure: no I/O). Crawlers and
 * link previews (Slack, X, iMessage) do not run the app, so a shared page's title, social card and
 * schema.org data (profiles, posts, the blog and help) must be in the HTML itself. Everything taken
 * from users or files is escaped.
 */
export interface ServerPageHead {
  /** The full title, product name included. */
  title: string;
  description: string;
  /** Absolute address of the page. */
  url: string;
  /** Absolute address of a picture, when there is one. */
  image: string | null;
  /** Open Graph type: `profile` for people, `article` for posts and articles, `website` for an index or a job. */
  ogType: 'profile' | 'article' | 'website';
  /** schema.org data, written as JSON-LD. */
  jsonLd: Record<string, unknown>;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/**
 * JSON inside a <script> element: `<`, `>` and `&` become \u escapes so no text can close the
 * element or open a comment, and the two line separators JavaScript once refused are escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Puts the page's own values into the head: the tags index.html carries as defaults are
 * replaced where they stand (so the app's page-head code keeps finding one of each), missing
 * ones and the JSON-LD are added before </head>.
 */
export function applyServerPageHead(html: string, head: ServerPageHead): string {
  const metas: Array<['name' | 'property', string, string]> = [
    ['name', 'description', head.description],
    ['property', 'og:type', head.ogType],
    ['property', 'og:title', head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:url', head.url],
    ...(head.image ? ([['property', 'og:image', head.image]] as Array<['property', string, string]>) : []),
    ['name', 'twitter:card', head.image ? 'summary' : 'summary_large_image'],
  ];
  let result = html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`);
  const added: string[] = [];
  for (const [attribute, key, content] of metas) {
    const tag = `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
    const existing = new RegExp(`<meta ${attribute}="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`);
    if (existing.test(result)) result = result.replace(existing, () => tag);
    else added.push(tag);
  }
  added.push(`<link rel="canonical" href="${escapeHtml(head.url)}" />`);
  added.push(`<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>`);
  return result.replace('</head>', () => `${added.map((tag) => `  ${tag}\n`).join('')}  </head>`);
}
