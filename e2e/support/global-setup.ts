import { existsSync } from 'node:fs';

/** Browser tests need a Chromium and the built app; `npm test` provides both. Fail loudly otherwise. */
export default function setup(): void {
  const chromium = process.env.CHROMIUM_PATH;
  if (!chromium || !existsSync(chromium)) {
    throw new Error('Browser tests need CHROMIUM_PATH (run them through `npm test`, which finds or installs Chromium).');
  }
  for (const file of ['dist/server/src/main.js', 'client/dist/index.html']) {
    if (!existsSync(file)) throw new Error(`Browser tests run the built app, but ${file} is missing: run \`npm run build\` (npm test does).`);
  }
}
