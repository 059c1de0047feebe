import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A stand-in for the built client (client/dist) in a temporary folder. */
export interface BuiltClientFolder {
  dir: string;
  remove(): void;
}

/** Writes each file at its path inside a new temporary folder (`index.html`, `assets/…`, `.vite/…`). */
export function writeBuiltClient(files: Readonly<Record<string, string>>): BuiltClientFolder {
  const dir = mkdtempSync(path.join(tmpdir(), 'byline-client-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** index.html as Vite writes it: the title, then the given tags in the head, and an empty #root. */
export function viteIndexHtml(headTags: readonly string[]): string {
  return ['<!doctype html>', '<html lang="en">', '  <head>', '    <title>Byline</title>', ...headTags.map((tag) => `    ${tag}`), '  </head>', '  <body>', '    <div id="root"></div>', '  </body>', '</html>', ''].join('\n');
}
