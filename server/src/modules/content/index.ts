/**
 * What the content module offers the rest of Byline: the blog and the help centre, written as
 * Markdown in the repository's `content/` folder (docs/product.md §Blog and help).
 */
export { contentPageHeadInjector } from './content-head.js';
export { ContentResolver } from './content.resolver.js';
export { blogRoutes } from './content.routes.js';
export { renderMarkdown } from './markdown.js';
