/**
 * Guards the promise of domain/: pure code that both the Node server (NodeNext, so every
 * relative import ends in .js) and the browser client can import. Source files may import
 * only their siblings; node built-ins, packages and globals like process would break one side.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as domain from './index.js';

const folder = fileURLToPath(new URL('.', import.meta.url));
const sourceFiles = readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'vitest.config.ts');

describe('domain/ purity', () => {
  it.each(sourceFiles)('%s imports only sibling .js modules and no runtime globals', (name) => {
    const source = readFileSync(new URL(name, import.meta.url), 'utf8');
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const specifiers = [...code.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)].map((match) => match[1]);
    for (const specifier of specifiers) expect(specifier).toMatch(/^\.\/[a-z-]+\.js$/);
    expect(code).not.toMatch(/\b(process|Buffer|require|window|document|localStorage|fetch)\s*[.(]/);
  });

  it('index re-exports every source module', () => {
    const index = readFileSync(new URL('index.ts', import.meta.url), 'utf8');
    // Reached through url-recognition.ts, which re-exports what the rest of the code uses of them.
    const internal = new Set(['index.ts', 'url-parts.ts', 'url-like.ts', 'post-url-patterns.ts', 'profile-url-recognition.ts']);
    for (const name of sourceFiles.filter((file) => !internal.has(file))) {
      expect(index).toContain(`'./${name.replace(/\.ts$/, '.js')}'`);
    }
    expect(typeof domain.recognizePostUrl).toBe('function');
    expect(typeof domain.recognizeProfileUrl).toBe('function');
  });
});
