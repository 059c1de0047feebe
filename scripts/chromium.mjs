// Finds a Chromium for the browser tests, installing Debian's package when we can.
// Browser tests are never skipped: without a browser, `npm test` fails and says why.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/snap/bin/chromium'];

function found() {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which does not exist.`);
  }
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

function canInstallWithApt() {
  if (userInfo().uid !== 0) return false;
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

export function ensureChromium() {
  const existing = found();
  if (existing) return existing;
  if (!canInstallWithApt()) {
    throw new Error(
      'No Chromium found for the browser tests. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  console.log('Installing Chromium for the browser tests (apt-get install -y chromium)…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const installed = found();
  if (!installed) throw new Error('apt-get installed chromium but no binary was found at the usual paths; set CHROMIUM_PATH.');
  return installed;
}
