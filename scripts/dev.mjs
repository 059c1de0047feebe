// `npm run dev`: the server restarting on change (sources run through SWC, which keeps the
// decorator metadata type-graphql and MikroORM need) and Vite's dev server proxying to it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn(process.execPath, ['--watch-path=server/src', '--watch-path=domain', '--watch-path=migrations', '--import', '@swc-node/register/esm-register', 'server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'client/vite.config.ts'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) child.on('exit', (code) => {
  stop('SIGTERM');
  process.exit(code ?? 0);
});
