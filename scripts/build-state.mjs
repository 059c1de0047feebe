// Whether the compiled server and client are older than their sources (used by `npm start`).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE_DIRS = ['server/src', 'domain', 'migrations', 'client/src', 'client/index.html', 'schema', 'package.json', 'tsconfig.json', 'tsconfig.server.json'];
const OUTPUTS = ['dist/server/src/main.js', 'client/dist/index.html', 'client/dist-ssr/renderPage.js'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'gql') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export function buildIsStale(root) {
  const outputs = OUTPUTS.map((file) => path.join(root, file));
  if (!outputs.every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return SOURCE_DIRS.some((dir) => newestMtime(path.join(root, dir)) > builtAt);
}
