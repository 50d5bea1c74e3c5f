// Cold page loads: for each demo role, every page it can reach (its side menu, its landing page,
// the settings, the statistics tabs, and every tab of a real company, property, building and unit
// it sees) opened in a fresh browser context (a returning visitor's storage — the sign-in, kept
// by opening the app once — and an empty HTTP cache), timed until the page's data is visible. With several servers (a baseline and a change) the loads
// alternate page by page, so both see the same machine.
//   node --conditions=@flowsight/source --import tsx bench/src/page-loads.ts <base URL>... [--runs N]
//     [--roles admin,manager,company.admin] [--only <path substring>]
// Prints per page and server the median and the max in ms, and the pages over the 1.0 s target.
//
// "Data visible" is, in ms since the navigation started (the page's own clock): the start of the
// first 200 ms during which the app's main region (`<main>`) is shown, holds no busy indicator
// (no indeterminate `role=progressbar` — the page loader, a table's or a card's spinner — and no
// MUI skeleton) and no "Loading…" text, and has content (a heading and some text). A determinate
// progress bar (a gauge with `aria-valuenow`) is content, not a wait. A page still busy after the
// time-out counts as the time-out and is marked.
import { activeRoleContext, mayOpen, pagesOfRole } from '@flowsight/domain/web-access';
import { demoPassword } from '@flowsight/simulator/demo-portfolio';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';

const TARGET_MS = 1_000;
const TIMEOUT_MS = 15_000;
const STABLE_MS = 200;

const ROLES: Record<string, string> = {
  admin: 'admin@flowsight.test',
  manager: 'manager@flowsight.test',
  'company.admin': 'company.admin@flowsight.test',
};

type SessionRole = {
  id: number;
  user_role_type_id: number;
  company_id: number | null;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
  company_type_id: number | null;
  allow_assignment: boolean;
};
type Session = { roles: SessionRole[]; active_role_id: number; access_token: string };

/** Signs in through the API: the session the app keeps in its storage. */
async function signIn(baseUrl: string, email: string): Promise<Session> {
  const answer = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  if (!answer.ok) throw new Error(`sign-in of ${email} at ${baseUrl}: ${answer.status}`);
  return (await answer.json()) as Session;
}

async function getJson<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const answer = await fetch(`${baseUrl}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!answer.ok) throw new Error(`GET ${path}: ${answer.status}`);
  return (await answer.json()) as T;
}

const COMPANY_TABS = ['overview', 'properties', 'alerts', 'micrometers', 'submissions'];
const PROPERTY_TABS = ['overview', 'buildings', 'alerts', 'micrometers', 'submissions', 'users'];
const BUILDING_TABS = ['overview', 'units', 'alerts', 'micrometers', 'submissions', 'survey'];
const UNIT_TABS = ['overview', 'alerts', 'micrometers', 'submissions'];

/** The pages of the session's active role: the menu's, the settings, the records' tabs. */
async function pagesOf(baseUrl: string, session: Session): Promise<string[]> {
  const role = session.roles.find((r) => r.id === session.active_role_id) ?? session.roles[0];
  if (!role) throw new Error('a session without a role');
  const token = session.access_token;
  const context = activeRoleContext(role, session.roles.length);
  const pages = pagesOfRole(context);
  if (mayOpen('/statistics', context)) {
    pages.push('/statistics/usage', '/statistics/fixtures', '/statistics/units');
  }
  // The first building the role sees (by name), its property, its company and its first unit.
  const buildings = await getJson<{
    data: { id: number; property_id: number; company_id: number }[];
  }>(baseUrl, token, '/buildings?limit=1&sortBy=name:ASC');
  const building = buildings.data[0];
  if (building) {
    const company = `/companies/${building.company_id}`;
    const property = `${company}/properties/${building.property_id}`;
    const place = `${property}/buildings/${building.id}`;
    pages.push(...COMPANY_TABS.map((tab) => `${company}/${tab}`));
    pages.push(`${company}/charts`);
    if (mayOpen(`${company}/dashboard`, context) && role.company_id === null) {
      pages.push(`${company}/dashboard`, `${company}/thresholds`);
    }
    pages.push(...PROPERTY_TABS.map((tab) => `${property}/${tab}`), `${property}/charts`);
    pages.push(...BUILDING_TABS.map((tab) => `${place}/${tab}`), `${place}/charts`);
    const units = await getJson<{ data: { id: number }[] }>(
      baseUrl,
      token,
      `/buildings/${building.id}/units?limit=1`,
    );
    const unit = units.data[0];
    if (unit) {
      const unitPath = `${place}/units/${unit.id}`;
      pages.push(...UNIT_TABS.map((tab) => `${unitPath}/${tab}`), `${unitPath}/charts`);
    }
  }
  return [...new Set(pages)].filter((path) => mayOpen(path, context));
}

/**
 * Runs in the page before the app: polls every frame whether the data is visible (see the head
 * of this file) and keeps the start of the first stable stretch in `window.__dataVisibleAt`.
 * A string: this package compiles without the DOM's types.
 */
const WATCH_SCRIPT = `(() => {
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const busy = (main) => {
    for (const el of main.querySelectorAll('[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root')) {
      if (shown(el)) return el.getAttribute('aria-label') || el.className.toString().slice(0, 40);
    }
    if (/Loading…|Loading\\.\\.\\./.test(main.innerText)) return 'Loading text';
    return null;
  };
  let since = null;
  window.__dataVisibleAt = null;
  window.__busyWith = 'no main';
  const tick = () => {
    const main = document.querySelector('main');
    const now = performance.now();
    let reason = null;
    if (!main || !shown(main)) reason = 'no main';
    else reason = busy(main) ?? (main.querySelector('h1, h2, h3, h4, h5, h6, [role="heading"]') && main.innerText.trim().length > 20 ? null : 'no content');
    window.__busyWith = reason;
    if (reason !== null) since = null;
    else if (since === null) since = now;
    else if (now - since >= ${STABLE_MS}) { window.__dataVisibleAt = since; return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

type Load = { ms: number; timedOut: boolean; note?: string };
type StoredSignIn = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The browser storage of a returning visitor: the signed-in session, opened once (`/settings`)
 * so the app keeps in storage what it keeps between visits.
 */
async function storedSignIn(browser: Browser, baseUrl: string, session: Session) {
  const context = await browser.newContext({
    storageState: {
      cookies: [],
      origins: [
        {
          origin: new URL(baseUrl).origin,
          localStorage: [
            { name: 'serviceToken', value: session.access_token },
            { name: 'userActiveRole', value: String(session.active_role_id) },
          ],
        },
      ],
    },
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/settings`);
    await page.getByTestId('app-shell').waitFor({ timeout: TIMEOUT_MS });
    await page.waitForTimeout(500);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** One cold load of `path`: a new context (empty cache) with the stored sign-in. */
async function coldLoad(
  browser: Browser,
  baseUrl: string,
  signedIn: StoredSignIn,
  path: string,
): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    storageState: signedIn,
  });
  try {
    await context.addInitScript(WATCH_SCRIPT);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
    const deadline = Date.now() + TIMEOUT_MS;
    while (Date.now() < deadline) {
      const at = await page.evaluate('window.__dataVisibleAt');
      if (typeof at === 'number') {
        const landed = new URL(page.url()).pathname;
        return { ms: at, timedOut: false, ...(landed !== path ? { note: `→ ${landed}` } : {}) };
      }
      await page.waitForTimeout(50);
    }
    const busyWith = String(await page.evaluate('window.__busyWith'));
    return { ms: TIMEOUT_MS, timedOut: true, note: `busy: ${busyWith}` };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function parseArgs(argv: string[]) {
  const urls: string[] = [];
  let runs = 3;
  let roles = Object.keys(ROLES);
  let only: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--runs') runs = Number(argv[++i]);
    else if (arg === '--roles') roles = (argv[++i] ?? '').split(',');
    else if (arg === '--only') only = argv[++i] ?? null;
    else urls.push(arg.replace(/\/$/, ''));
  }
  if (urls.length === 0) urls.push('http://127.0.0.1:8080');
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer');
  for (const role of roles) if (!ROLES[role]) throw new Error(`unknown role ${role}`);
  return { urls, runs, roles, only };
}

async function main() {
  const { urls, runs, roles, only } = parseArgs(process.argv.slice(2));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  const over: string[] = [];
  console.log(`cold page loads, data visible (ms), ${runs} runs; servers: ${urls.join(', ')}`);
  try {
    for (const roleName of roles) {
      const email = ROLES[roleName] ?? '';
      const sessions = await Promise.all(urls.map((url) => signIn(url, email)));
      const first = sessions[0];
      if (!first) continue;
      const stored = await Promise.all(
        urls.map((url, i) => storedSignIn(browser, url, sessions[i] ?? first)),
      );
      let pages = await pagesOf(urls[0] ?? '', first);
      if (only !== null) pages = pages.filter((path) => path.includes(only));
      console.log(`\n${roleName} (${email}): ${pages.length} pages`);
      const header = urls.map((_, i) => `#${i + 1} median   max`).join(' | ');
      console.log(`${'page'.padEnd(64)} | ${header}`);
      for (const path of pages) {
        const loads: Load[][] = urls.map(() => []);
        for (let run = 0; run < runs; run++) {
          for (const [i, url] of urls.entries()) {
            const signedIn = stored[i];
            if (signedIn) loads[i]?.push(await coldLoad(browser, url, signedIn, path));
          }
        }
        const cells = loads.map((server) => {
          const ms = server.map((load) => load.ms);
          const mark = server.some((load) => load.timedOut) ? '!' : ' ';
          return `${String(Math.round(median(ms))).padStart(6)} ${String(Math.round(Math.max(...ms))).padStart(6)}${mark}`;
        });
        const notes = [...new Set(loads.flat().flatMap((load) => (load.note ? [load.note] : [])))];
        const last = loads[loads.length - 1] ?? [];
        const lastMedian = median(last.map((load) => load.ms));
        if (lastMedian > TARGET_MS) over.push(`${roleName} ${path} (${Math.round(lastMedian)} ms)`);
        console.log(`${path.padEnd(64)} | ${cells.join(' | ')} ${notes.join('; ')}`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`\nover ${TARGET_MS} ms (median, last server): ${over.length === 0 ? 'none' : ''}`);
  for (const page of over) console.log(`  ${page}`);
}

await main();
