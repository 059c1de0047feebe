import './markdown-body.css';

/**
 * A post's or article's body as the server rendered it from the repository's Markdown, where raw
 * HTML is written as text (server/src/modules/content/markdown.ts): only Markdown's own markup
 * reaches the page.
 */
export function MarkdownBody({ html }: { html: string }) {
  return <div className="markdown-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
