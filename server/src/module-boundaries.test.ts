import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The module map of docs/architecture.md, held against the code: which modules import which
 * (tests and test support left out, as they are not part of a module's running code), and which
 * pairs import each other. The lint rule keeps each import to another module's index.ts; this
 * keeps the directions.
 */
const MODULES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');

/**
 * The pairs allowed to import each other, each an ORM relation both entities need
 * (docs/architecture.md, "Modules"). A third pair fails the test: move what both need down.
 */
const ALLOWED_MUTUAL_PAIRS = ['credits<->notifications', 'credits<->posts'];
const MAX_MUTUAL_PAIRS = 2;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.includes('test-support') ? [full] : [];
  });
}

const IMPORT = /(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function moduleOf(file: string): string | null {
  const relative = path.relative(MODULES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0]!;
}

/** `from` → the modules it imports, with the files that do. */
function moduleImports(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(MODULES)) {
    const from = moduleOf(file)!;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = moduleOf(path.resolve(path.dirname(file), match[1]!));
      if (to === null || to === from) continue;
      const targets = graph.get(from) ?? new Map<string, string[]>();
      targets.set(to, [...(targets.get(to) ?? []), path.relative(MODULES, file)]);
      graph.set(from, targets);
    }
  }
  return graph;
}

describe('server module boundaries', () => {
  it(`leave at most ${MAX_MUTUAL_PAIRS} pairs of modules importing each other, each a named ORM relation`, () => {
    const graph = moduleImports();
    const pairs: string[] = [];
    for (const [from, targets] of graph) {
      for (const to of targets.keys()) {
        if (from < to && graph.get(to)?.has(from)) pairs.push(`${from}<->${to}`);
      }
    }
    expect(pairs.length).toBeLessThanOrEqual(MAX_MUTUAL_PAIRS);
    expect(pairs.sort()).toEqual(ALLOWED_MUTUAL_PAIRS);
  });

  it('give each module an index.ts that names what it exports (no export * of its internals)', () => {
    for (const name of readdirSync(MODULES, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      const index = path.join(MODULES, name.name, 'index.ts');
      const text = (() => {
        try {
          return readFileSync(index, 'utf8');
        } catch {
          return null;
        }
      })();
      // A module nothing else imports (health, housekeeping…) needs none: the registry and app use its index when they do.
      if (text === null) continue;
      expect(text, index).not.toMatch(/export \*/);
    }
  });
});
