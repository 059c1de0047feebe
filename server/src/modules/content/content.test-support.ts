import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A `content/` folder in a temporary place, each file at its path (`blog/x.md`, `help/y.md`). */
export function writeContentFolder(files: Readonly<Record<string, string>>): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'byline-content-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A Markdown file: the front matter's fields as YAML lines, then the body. */
export function markdownFile(fields: Readonly<Record<string, string | number>>, body: string): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${typeof value === 'number' ? value : JSON.stringify(value)}`);
  return ['---', ...lines, '---', '', body, ''].join('\n');
}
