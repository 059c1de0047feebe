// `npm start`: build when the sources changed since the last build, then run the compiled server
// (which starts the embedded PostgreSQL unless DATABASE_URL is set, and applies migrations).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (buildIsStale(root)) {
  console.log('Building Byline (first start, or sources changed)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server's Node flags live beside its code (server/src/runtime-flags.ts), compiled with it.
const { SERVER_NODE_FLAGS } = await import(new URL('../dist/server/src/runtime-flags.js', import.meta.url).href);
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/src/main.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
