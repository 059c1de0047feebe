/** The public origin without a trailing slash, for links in mails. */
export function publicLink(publicUrl: string, pathAndQuery: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${pathAndQuery}`;
}
