// Lighthouse 12 (Debian's Chromium) against a running server with the demo portfolio: the demo
// manager's /dashboard and two other heavy pages (the alerts list and a building's charts), each
// with the mobile preset and the desktop preset, signed in. Prints the performance score and the
// metrics behind it (LCP, TBT, FCP, speed index, CLS) and the longest main-thread tasks.
//   node --conditions=@flowsight/source --import tsx bench/src/lighthouse.ts [base URL] [runs]
// (default http://127.0.0.1:8080, 1 run; with several runs each figure is the median; each run's
// score, LCP and TBT also go to stderr as it ends, and a run whose tab Lighthouse lost is run again).
// LIGHTHOUSE_DEBUG_PORT moves Chromium's remote-debugging port (default 9333) so runs can share a
// machine; LIGHTHOUSE_PAGES=dashboard (or alerts, charts, comma-separated) measures only those pages.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoPassword } from '@flowsight/simulator/demo-portfolio';
import { chromium } from '@playwright/test';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export type LighthouseFigures = {
  page: string;
  preset: 'mobile' | 'desktop';
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  cls: number;
  /** The longest main-thread tasks, ms. */
  longTasksMs: number[];
};

const PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9333);

const pageNames = ['dashboard', 'alerts', 'charts'] as const;

/** The manager's pages: the dashboard, the alerts list, the first building's charts. */
async function pagesOf(baseUrl: string, page: import('@playwright/test').Page) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill('manager@flowsight.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  // The session the app keeps (an expression: this package compiles without the DOM's types).
  const token = String(await page.evaluate('window.localStorage.getItem("serviceToken")'));
  const answer = await page.request.get(`${baseUrl}/api/buildings?limit=1&sortBy=name:ASC`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await answer.json()) as {
    data: { id: number; property_id: number; company_id: number }[];
  };
  const building = body.data[0];
  if (!building) throw new Error('the manager sees no building');
  const paths = [
    '/dashboard',
    '/alerts',
    `/companies/${building.company_id}/properties/${building.property_id}/buildings/${building.id}/charts`,
  ];
  const chosen = process.env.LIGHTHOUSE_PAGES?.split(',');
  return paths.filter((_, index) => !chosen || chosen.includes(pageNames[index] ?? ''));
}

function figuresOf(
  result: RunnerResult | undefined,
  page: string,
  preset: 'mobile' | 'desktop',
): LighthouseFigures {
  if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
  const { audits, categories } = result.lhr;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const tasks = audits['long-tasks']?.details;
  const longTasksMs =
    tasks && tasks.type === 'table'
      ? tasks.items
          .map((item) => Number(item.duration))
          .sort((a, b) => b - a)
          .slice(0, 3)
      : [];
  return {
    page,
    preset,
    score: categories.performance?.score ?? Number.NaN,
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    fcpMs: value('first-contentful-paint'),
    speedIndexMs: value('speed-index'),
    cls: value('cumulative-layout-shift'),
    longTasksMs,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** Tries of one run: Lighthouse's own cleanup sometimes loses its tab ("Connection closed"). */
const TRIES = 3;

/** One Lighthouse run; again when Lighthouse lost its tab, up to TRIES in all. */
async function runLighthouse(url: string, flags: Flags, config: typeof desktopConfig | undefined) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouse(url, flags, config);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= TRIES || !message.includes('Connection closed')) throw error;
      console.error(`lighthouse: ${url} (try ${attempt} of ${TRIES}): ${message}`);
    }
  }
}

/** Each page with each preset, `runs` times; the medians. Each run's figures go to stderr. */
export async function lighthouseFigures(baseUrl: string, runs = 1): Promise<LighthouseFigures[]> {
  const profile = mkdtempSync(join(tmpdir(), 'flowsight-lighthouse-'));
  // One browser profile: the session the sign-in leaves in it is the one Lighthouse's tabs use.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [`--remote-debugging-port=${PORT}`, '--no-sandbox', '--disable-gpu'],
  });
  try {
    const signIn = browser.pages()[0] ?? (await browser.newPage());
    const pages = await pagesOf(baseUrl, signIn);
    const flags: Flags = {
      port: PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Keep the signed-in session; each run still starts with an empty HTTP cache.
      disableStorageReset: true,
    };
    const figures: LighthouseFigures[] = [];
    for (const path of pages) {
      for (const preset of ['mobile', 'desktop'] as const) {
        const each: LighthouseFigures[] = [];
        for (let run = 0; run < runs; run += 1) {
          const result = await runLighthouse(
            `${baseUrl}${path}`,
            flags,
            preset === 'desktop' ? desktopConfig : undefined,
          );
          const measured = figuresOf(result, path, preset);
          console.error(
            `lighthouse: ${path} ${preset} run ${run + 1}: ${measured.score.toFixed(2)}, ` +
              `LCP ${Math.round(measured.lcpMs)} ms, TBT ${Math.round(measured.tbtMs)} ms`,
          );
          each.push(measured);
        }
        const pick = (key: 'score' | 'lcpMs' | 'tbtMs' | 'fcpMs' | 'speedIndexMs' | 'cls') =>
          median(each.map((f) => f[key]));
        figures.push({
          page: path,
          preset,
          score: pick('score'),
          lcpMs: pick('lcpMs'),
          tbtMs: pick('tbtMs'),
          fcpMs: pick('fcpMs'),
          speedIndexMs: pick('speedIndexMs'),
          cls: pick('cls'),
          longTasksMs: each[Math.floor((each.length - 1) / 2)]?.longTasksMs ?? [],
        });
      }
    }
    return figures;
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
  const runs = Number(process.argv[3] ?? 1);
  const figures = await lighthouseFigures(baseUrl, runs);
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    '| page | preset | performance | LCP | TBT | FCP | speed index | CLS | longest tasks |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const f of figures) {
    console.log(
      `| ${f.page} | ${f.preset} | ${f.score.toFixed(2)} | ${ms(f.lcpMs)} | ${ms(f.tbtMs)} | ${ms(f.fcpMs)} | ${ms(f.speedIndexMs)} | ${f.cls.toFixed(3)} | ${f.longTasksMs.map(ms).join(', ')} |`,
    );
  }
}
