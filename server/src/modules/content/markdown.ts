import MarkdownIt from 'markdown-it';

/**
 * Markdown to HTML for the blog and the help pages. `html: false` writes any raw HTML in a file
 * as text (escaped), so a page can only hold what Markdown itself produces; markdown-it's link
 * check refuses `javascript:`, `vbscript:`, `file:` and non-image `data:` addresses.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

// The page's own heading is the title from front matter: a level-1 heading in a file would be a
// second one, so it is written as level 2 (docs/product.md §Blog and help).
markdown.core.ruler.push('demote_top_headings', (state) => {
  for (const token of state.tokens) {
    if ((token.type === 'heading_open' || token.type === 'heading_close') && token.tag === 'h1') token.tag = 'h2';
  }
});

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
