import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_FLUME_PORT, E2E_PORT as port } from './support/environment.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // One worker: a page's test keeps both cores busy (the browser's renderer and compositor, and
  // the server with its embedded database); two workers made each test 2.2–2.5× slower, the run
  // slower overall.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace of every test to keep only the failures' cost 15 % of the run's time
    // (28 % of its CPU); a failed test is tried again (CI) and that second try is recorded.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // A check of one width only is tagged @desktop-only or @phone-only and runs in that project.
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      grepInvert: /@phone-only/,
    },
    {
      name: 'phone',
      // A Pixel 7's screen, touch and user agent at one device pixel per CSS pixel: the layout is
      // the phone's, and the browser paints 7 times fewer pixels than at the device's 2.625.
      use: { ...devices['Pixel 7'], deviceScaleFactor: 1 },
      grepInvert: /@desktop-only/,
    },
  ],
  webServer: [
    {
      // Flume's API as the Flume accounts page talks to it (flume.spec.ts).
      command: 'node --import tsx e2e/support/fake-flume-server.ts',
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      port: E2E_FLUME_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      // A fresh database for every run; workers only read the path (the mail outbox).
      command: `rm -rf '${E2E_DATA_DIR}' && node packages/server/dist/main.js`,
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      url: `http://127.0.0.1:${port}/api/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        DEMO: '1',
        LOG_LEVEL: 'warn',
        // Every browser test signs in from 127.0.0.1.
        LOGIN_LIMIT_PER_ADDRESS: '10000',
        // Leaks are evaluated half a second after an ingest rather than five: the tests wait less.
        ALERT_DEBOUNCE_MS: '500',
        JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256',
        FLUME_API_URL: `http://127.0.0.1:${E2E_FLUME_PORT}`,
      },
    },
  ],
});
