import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './runtime-flags.js';

const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');

describe('SERVER_NODE_FLAGS', () => {
  it('are the flags the Dockerfile starts the server with (its CMD cannot import them)', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
    const words = JSON.parse(cmd?.[1] ?? '[]') as string[];
    expect(words[0]).toBe('node');
    expect(words.at(-1)).toBe('dist/server/src/main.js');
    expect(words.slice(1, -1)).toEqual([...SERVER_NODE_FLAGS]);
  });

  it('are all accepted by this Node (a misspelt V8 flag stops the process at start)', () => {
    // Only PATH from this environment: an inherited NODE_OPTIONS or warning would write to stderr too.
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', '0'], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
