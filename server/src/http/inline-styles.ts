import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** A stylesheet link as Vite and route-preloads.ts write them: `<link rel="stylesheet" crossorigin href="/assets/….css">`. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/assets\/([\w.-]+\.css)">/g;

/** Past this much CSS a page is better off with cached links than with its styles in every answer. */
const MAX_INLINED_BYTES = 64 * 1024;

/**
 * A server-rendered page with its stylesheets in `<style>` elements instead of links (the CSP
 * allows inline styles). Its markup can then be painted as soon as it arrives, instead of after
 * the stylesheets, which share a slow line with ~140 KB of scripts (docs/perf/history.md, "Server
 * rendering"). A page whose CSS would be too large, or a file that does not read, keeps its links.
 */
export function stylesheetInliner(clientDistDir: string): (html: string) => Promise<string> {
  // The built files never change while the server runs.
  const contents = new Map<string, Promise<string | null>>();
  const read = (file: string) => {
    let content = contents.get(file);
    if (!content) {
      content = readFile(path.join(clientDistDir, 'assets', file), 'utf8').then(
        (css) => (css.includes('</') ? null : css),
        () => null,
      );
      contents.set(file, content);
    }
    return content;
  };
  return async (html) => {
    const files = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1]!);
    const styles = await Promise.all(files.map(read));
    if (styles.some((css) => css === null)) return html;
    if (styles.reduce((total, css) => total + css!.length, 0) > MAX_INLINED_BYTES) return html;
    const byFile = new Map(files.map((file, index) => [file, styles[index]!]));
    return html.replace(STYLESHEET_LINK, (_link, file: string) => `<style data-href="/assets/${file}">${byFile.get(file)}</style>`);
  };
}
