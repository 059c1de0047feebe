/** Links in a pasted text or an uploaded CSV: every http(s) address, whatever the columns or separators. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s,;"'<>]+/gi)].map((match) => match[0]);
}

/** Pasted lines: one link per line (anything else on a line is sent as is, so the server can say why it is refused). */
export function pastedLinks(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Hands a text file to the browser as a download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on the next tick: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A Network's global id (the server's opaque "Network:{databaseId}" in base64). */
export function networkGlobalId(databaseId: number): string {
  return btoa(`Network:${databaseId}`);
}
