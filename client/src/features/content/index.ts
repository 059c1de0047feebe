/** What the content feature offers other features: a body rendered from Markdown on the server. */
export { MarkdownBody } from './MarkdownBody';
