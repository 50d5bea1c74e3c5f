// The JavaScript a signed-in company manager downloads to open /dashboard with an empty cache,
// measured the way the usage benchmark does (gzip of every script response), with the list of
// scripts largest first. Needs a running server with the demo portfolio:
//   node scripts/measure-dashboard-js.mjs [base URL, default http://127.0.0.1:8080]
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const baseURL = process.argv[2] ?? 'http://127.0.0.1:8080';
const demoPassword = 'Demo!2026flow';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
try {
  const signIn = await browser.newContext({ baseURL });
  const login = await signIn.newPage();
  await login.goto('/login');
  await login.getByLabel('Email').fill('manager@flowsight.test');
  await login.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await login.waitForURL('**/dashboard');
  const storageState = await signIn.storageState();
  await signIn.close();

  const context = await browser.newContext({ baseURL, storageState });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.set(response.url(), response.body());
    }
  });
  await page.goto('/dashboard');
  await page.getByText('Water use this month').waitFor({ timeout: 60_000 });
  // The alerts stream keeps the network busy: stop once no new script arrived for two seconds.
  let seen = -1;
  while (seen !== scripts.size) {
    seen = scripts.size;
    await page.waitForTimeout(2_000);
  }
  const sizes = [];
  for (const [url, body] of scripts) {
    sizes.push({ name: new URL(url).pathname, gzip: gzipSync(await body).length });
  }
  await context.close();
  sizes.sort((a, b) => b.gzip - a.gzip);
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  for (const s of sizes) console.log(`${(s.gzip / 1024).toFixed(1).padStart(8)} KB  ${s.name}`);
  console.log(
    `/dashboard route JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} scripts`,
  );
} finally {
  await browser.close();
}
