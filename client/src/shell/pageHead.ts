import { documentTitle } from './brand';

/** What a page tells browsers and link previews about itself (docs/product.md §Shell, page head). */
export interface PageHead {
  /** Without the product name; " | Byline" is added. */
  title: string;
  description?: string;
  /** A picture for link previews; the Byline card by default. */
  image?: string;
}

export const DEFAULT_DESCRIPTION =
  'Byline: collect, track and credit social-media posts, and show the people who made them.';
const DEFAULT_IMAGE = '/social-card.png';

/** Link previews need absolute addresses. */
function absolute(url: string): string {
  return new URL(url, window.location.origin).href;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/** Sets the title and the social card tags (Open Graph and Twitter) for the current page. */
export function applyPageHead({ title, description = DEFAULT_DESCRIPTION, image = DEFAULT_IMAGE }: PageHead): void {
  const fullTitle = documentTitle(title);
  document.title = fullTitle;
  setMeta('name', 'description', description);
  setMeta('property', 'og:title', fullTitle);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:image', absolute(image));
  setMeta('property', 'og:url', window.location.href);
  setMeta('name', 'twitter:card', 'summary_large_image');
}
