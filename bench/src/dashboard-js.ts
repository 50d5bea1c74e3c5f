// The JavaScript a browser downloads to show /dashboard: a company manager, already signed in,
// opens the page in a fresh browser (empty cache) and every script it fetches until the figures
// show is counted, gzip. Used by the usage benchmark; also runs alone against any running server
// with the demo portfolio, listing the scripts largest first:
//   node --import tsx bench/src/dashboard-js.ts [base URL, default http://127.0.0.1:8080]
import { gzipSync } from 'node:zlib';
import { demoPassword } from '@flowsight/simulator/demo-portfolio';
import { chromium } from '@playwright/test';

export type DashboardJavaScript = {
  bytes: number;
  files: number;
  /** Each script's path and gzip bytes, largest first. */
  scripts: { path: string; bytes: number }[];
};

export async function dashboardJavaScript(baseUrl: string): Promise<DashboardJavaScript> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  try {
    const signIn = await browser.newContext({ baseURL: baseUrl });
    const login = await signIn.newPage();
    await login.goto('/login');
    await login.getByLabel('Email').fill('manager@flowsight.test');
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login.waitForURL('**/dashboard');
    const storageState = await signIn.storageState();
    await signIn.close();

    const context = await browser.newContext({ baseURL: baseUrl, storageState });
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        bodies.set(response.url(), response.body());
      }
    });
    await page.goto('/dashboard');
    await page.getByText('Water use this month').waitFor({ timeout: 60_000 });
    // The page keeps a live alerts stream open, so the network never idles: wait until no new
    // script has arrived for two seconds.
    let seen = -1;
    while (seen !== bodies.size) {
      seen = bodies.size;
      await page.waitForTimeout(2_000);
    }
    const scripts: DashboardJavaScript['scripts'] = [];
    for (const [url, body] of bodies) {
      scripts.push({ path: new URL(url).pathname, bytes: gzipSync(await body).length });
    }
    await context.close();
    scripts.sort((a, b) => b.bytes - a.bytes);
    const bytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
    return { bytes, files: scripts.length, scripts };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const js = await dashboardJavaScript(process.argv[2] ?? 'http://127.0.0.1:8080');
  for (const script of js.scripts) {
    console.log(`${(script.bytes / 1024).toFixed(1).padStart(8)} KB  ${script.path}`);
  }
  console.log(
    `/dashboard route JavaScript: ${(js.bytes / 1024).toFixed(1)} KB gzip in ${js.files} scripts`,
  );
}
