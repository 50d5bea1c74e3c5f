// Every call the specification names (`docs/spec-calls.txt`, section 7) is either made by the web
// (found in its sources and traced through their imports to the pages that load them) or listed
// below as API-only with the reason. The table this builds is the section "Where each specified
// call is used" of `docs/api.md`; `npm run docs:calls` rewrites it (this test with `-u`), and this
// test fails while the doc says otherwise.
//
// How the web calls the API, as this test reads it:
// - the typed client, `apiClient.GET('/path/{id}', …)` (a literal path the compiler checks);
// - the typed client with a path picked from a table (`apiClient.GET(paths[level], …)`): every
//   literal `'/…'` of that file is a path that method may call;
// - files the API sends (downloads, the alerts stream) through `fetchWithSession` or
//   `downloadFile`: a literal path there, or one of the path builders this test calls itself.
import { describe, expect, it } from 'vitest';
import { exportSets } from '@/features/exports/utils/export-sets';
import { type SubmissionList, submissionsPath } from '@/features/submissions/api/submission-source';
import { moduleImports } from '@/testing/module-imports';
import apiDoc from '../../../../docs/api.md?raw';
import specText from '../../../../docs/spec-calls.txt?raw';

/** The levels a specified `{entity}` call is made for (as `spec-calls.test.ts` on the server). */
const ENTITIES = ['companies', 'properties', 'buildings', 'units'];

/**
 * Specified calls no web control makes, each with why. A call listed here that the web does make
 * fails the test (the list would be stale), as does a specified call in neither place.
 */
const API_ONLY: Record<string, string> = {
  'GET /static':
    'The web ships the same lookups (states, statuses, fixtures, rooms, roles) compiled in from `packages/domain`, so it never fetches them; for integrations that need the ids.',
  'GET /companies/types':
    'The web ships the company types compiled in from `packages/domain` (as `GET /static`’s lookups), so its forms and filters never fetch them; for integrations.',
  'GET /units/categories':
    'As `GET /companies/types`: the unit categories are compiled in from `packages/domain`.',
  'GET /units/types':
    'As `GET /companies/types`: the unit types are compiled in from `packages/domain`.',
  'GET /units/states':
    'As `GET /companies/types`: the unit states are compiled in from `packages/domain`.',
  'GET /units/{id}/submissions/count': 'As `GET /companies/{id}/submissions/count`.',
  'GET /notifications/count':
    'A count read: the Alerts page shows the total its list answers (`meta.totalItems`) and the header’s bell counts the active leaks it lists (`GET /notifications/active-leaks`).',
  'GET /companies/search-top/{text}/5':
    'Superseded in the web by the header’s one search box (`GET /search/{text}`), which answers the top five companies, properties, buildings and units at once.',
  'GET /properties/search-top/{text}/5':
    'As `GET /companies/search-top/{text}/5`: the header’s search box.',
  'GET /buildings/search-top/{text}/5':
    'As `GET /companies/search-top/{text}/5`: the header’s search box.',
  'GET /units/search-top/{text}/5':
    'As `GET /companies/search-top/{text}/5`: the header’s search box.',
  'GET /users/search-top/{text}/5':
    'The users page searches its list (`GET /users?search=`), which answers the same matches with paging; the top five are for integrations.',
  'GET /sensors/search-top/{text}/5':
    'The micrometer lists search by MAC (`?search=`) and open the micrometer’s dialog (`GET /sensors/mac/{mac}`); the top five are for integrations.',
  'GET /companies/{id}/search-top-properties/{name}/5':
    'The company’s Properties tab searches its list (`?search=`), which answers the same matches with paging.',
  'GET /companies/{id}/search-top-buildings/{name}/5':
    'The header’s search box finds buildings by name and the property’s Buildings tab searches its list; no screen needs the top five of a whole company.',
  'GET /companies/{id}/submissions/count':
    'A count read: the Readings tabs show the total their list answers (`meta.totalItems`, in the pagination), so a second read would only repeat it.',
  'GET /properties/{id}/submissions/count': 'As `GET /companies/{id}/submissions/count`.',
  'GET /buildings/{id}/submissions/count': 'As `GET /companies/{id}/submissions/count`.',
  'GET /companies/{id}/alerts/count':
    'A count read: the Alerts tabs show the total their list answers (`meta.totalItems`).',
  'GET /properties/{id}/alerts/count': 'As `GET /companies/{id}/alerts/count`.',
  'GET /buildings/{id}/alerts/count': 'As `GET /companies/{id}/alerts/count`.',
  'GET /units/{id}/alerts/count': 'As `GET /companies/{id}/alerts/count`.',
  'GET /companies/{id}/open-alerts-count':
    'A count read: the Statistics page and the dashboards read a place’s open alerts and leaks with its other figures from `GET /{entity}/{id}/statistics`, and the Alerts tabs list them with their total.',
  'GET /properties/{id}/open-alerts-count': 'As `GET /companies/{id}/open-alerts-count`.',
  'GET /buildings/{id}/open-alerts-count': 'As `GET /companies/{id}/open-alerts-count`.',
  'GET /units/{id}/open-alerts-count': 'As `GET /companies/{id}/open-alerts-count`.',
  'GET /units/{id}/open-alerts-count/{applianceId}/{sensorMac}':
    'A count per fixture micrometer, for integrations (a plumber’s tool); the unit’s Alerts tab lists its alerts with their fixture and MAC, with the total.',
  'GET /units/{id}/gallons-count':
    'A total read for integrations and billing exports; the unit’s Charts and the reports show the same gallons over any range.',
  'GET /units/{id}/gallons-count/{applianceId}':
    'As `GET /units/{id}/gallons-count`, per fixture: the Charts tab’s usage by fixture shows it.',
  'GET /units/{id}/gallons-count/{applianceId}/{sensor_mac}':
    'As `GET /units/{id}/gallons-count`, per fixture micrometer.',
  'GET /units/{id}/sensors-count':
    'A count read: the unit’s overview shows `sensors_count` from `GET /units/{id}`, and its Micrometers tab lists them with their total.',
  'GET /units/{id}/status':
    'A summary for integrations (open alerts, leaks, micrometers of one unit in one answer); the unit page reads the same facts from its tabs’ lists and statistics.',
  'GET /units':
    'The whole system’s units in one unpaged list, for integrations and exports (`GET /units/export-all` for people); the web lists a building’s units (`GET /buildings/{id}/units`).',
  'GET /companies/{id}/properties-names/{limit}':
    'The web reads the names without a limit (`GET /companies/{id}/properties-names`) for its pickers.',
  'GET /companies/{id}/open-leaks':
    'The dashboard’s “Needs attention” shows the same open leaks, costliest first, with the company’s silent micrometers and offline gateways in one read (`GET /companies/{id}/needs-attention`); this list alone is for integrations.',
  'GET /companies/{id}/alerts-overview':
    'The dashboard reads its alert figures from the statistics (open leaks and their cost), `GET /companies/{id}/dashboard-chart-alerts` (alerts per month by category) and “Needs attention”; the counts by category and status are for integrations and reports.',
  'GET /companies/{id}/timezone':
    'The web shows dates in the viewer’s zone and the server applies the company’s zone to its own day bounds, so no screen needs to ask; for integrations.',
  'GET /buildings/{id}/flume-connected/{external_account_id}':
    'A yes/no check of one Flume account for integrations; the building page shows its linked Flume meter from `GET /buildings/{id}/flume-meter`, and the Flume accounts page links meters to buildings.',
  'GET /users/{id}':
    'The users page lists and edits people from the rows of `GET /users`, which carry every field its forms show; one user’s read is for integrations.',
  'GET /location/cities':
    'The address pickers read cities by state (`GET /location/cities/state/{id}`); the unfiltered list is for integrations.',
  'GET /location/cities/{id}':
    'A single record read for integrations; the pickers carry the names they list.',
  'GET /location/states':
    'The address pickers read states by country (`GET /location/states/country/{id}`).',
  'GET /location/states/{id}':
    'A single record read for integrations; the pickers carry the names they list.',
  'GET /location/countries/{id}':
    'A single record read for integrations; the pickers carry the names they list.',
  'GET /location/timezones/{id}':
    'A single record read for integrations; the zone picker reads the whole list once.',
  'GET /location/timezones/country/{id}':
    'The zone picker lists every zone (`GET /location/timezones`); a country’s zones are for integrations.',
  'GET /notifications/{id}/monthly-cost/{gallons}':
    'Every alert answer carries its own monthly cost (`monthly_cost`, at the property’s water price), which the lists, the alert dialog and “Needs attention” show; what another volume would cost is a calculator for integrations.',
  'GET /notifications/contacts/{id}':
    'The Settings page and the users list read a person’s contacts as a list (`GET /users/{id}/notification-contacts`), which carries each one.',
  'GET /sensors/office-assignment/{id}':
    'The installation page reads a building’s pending office assignments (`GET /sensors/office-assignment-building/{id}`) and the micrometer dialog reads its own from the micrometer; one assignment’s read is for integrations.',
  'GET /companies/{id}/sensors/submissions-gallons-count':
    'Per-micrometer reading and gallon totals for integrations; the Micrometers tabs show each micrometer’s last reading and the Charts its gallons.',
  'GET /properties/{id}/sensors/submissions-gallons-count':
    'As `GET /companies/{id}/sensors/submissions-gallons-count`.',
  'GET /buildings/{id}/sensors/submissions-gallons-count':
    'As `GET /companies/{id}/sensors/submissions-gallons-count`.',
  'GET /units/{id}/sensors/submissions-gallons-count':
    'As `GET /companies/{id}/sensors/submissions-gallons-count`.',
};

/** The pages the router loads (its lazy imports), by file, with where a person finds them. */
const PAGES: Record<string, string> = {
  'app/page-prefetch/alerts.ts': '/alerts; a place’s Alerts tab',
  'app/page-prefetch/lists.ts': '/overview, /gateways, /events',
  'app/page-prefetch/micrometers.ts':
    '/micrometers/assigned|unassigned|excluded; a place’s Micrometers tab',
  'app/page-prefetch/portfolio.ts':
    '/companies, /properties, /buildings; a company’s, property’s, building’s and unit’s pages',
  'app/page-prefetch/submissions.ts': '/submissions/…; a place’s Readings tab',
  'app/page-prefetch/usage.ts': '/dashboard',
  'app/page-prefetch/users.ts': '/users; a property’s Users tab',
  'app/routes/dashboard-entry.tsx': '/dashboard',
  'app/routes/settings-entry.tsx': '/settings',
  'components/layouts/public-layout.tsx': 'sign-in pages',
  'features/alerts/routes/alerts-page.tsx': '/alerts',
  'features/alerts/routes/record-alerts-tab.tsx': 'a place’s Alerts tab',
  'features/auth/routes/change-password-page.tsx': '/change-password',
  'features/auth/routes/check-mail-page.tsx': 'sign-in pages',
  'features/auth/routes/code-verification-page.tsx': 'sign-in pages',
  'features/auth/routes/forgot-password-page.tsx': '/forgot-password',
  'features/auth/routes/login-page.tsx': '/login',
  'features/auth/routes/register-page.tsx': '/register',
  'features/email-actions/routes/confirmation-page.tsx': 'an alert email’s action link',
  'features/email-actions/routes/email-link-done-page.tsx': 'an alert email’s action link',
  'features/events/routes/events-page.tsx': '/events',
  'features/fleet-settings/routes/fixtures-page.tsx': '/appliances',
  'features/flume/routes/flume-accounts-page.tsx': '/flume-accounts',
  'features/fleet-settings/routes/micrometer-defaults-page.tsx': '/micrometers/defaults',
  'features/gateways/routes/gateways-page.tsx': '/gateways',
  'features/installation/routes/installation-page.tsx': '/installation',
  'features/integrations/routes/integration-keys-page.tsx': '/integrations',
  'features/micrometers/routes/assignment-page.tsx': '/micrometers/assignment',
  'features/micrometers/routes/config-page.tsx': '/micrometers/config',
  'features/micrometers/routes/downlink-page.tsx': '/micrometers/downlink',
  'features/micrometers/routes/fleet-pages.tsx': '/micrometers/assigned|unassigned|excluded',
  'features/micrometers/routes/record-micrometers-tab.tsx': 'a place’s Micrometers tab',
  'features/overview/routes/overview-page.tsx': '/overview',
  'features/portfolio/routes/building-page.tsx': 'a building’s page',
  'features/portfolio/routes/company-page.tsx': 'a company’s page',
  'features/portfolio/routes/list-pages.tsx': '/companies, /properties, /buildings',
  'features/portfolio/routes/property-page.tsx': 'a property’s page',
  'features/portfolio/routes/unit-page.tsx': 'a unit’s page',
  'features/reports/routes/reports-page.tsx': '/reports',
  'features/sensor-testing/routes/sensor-testing-page.tsx': '/micrometers/testing',
  'features/statistics/routes/statistics-pages.tsx': '/statistics',
  'features/submissions/routes/record-submissions-tab.tsx': 'a place’s Readings tab',
  'features/submissions/routes/submission-list-pages.tsx': '/submissions/…',
  'features/survey/routes/building-survey-tab.tsx': 'a building’s Survey tab',
  'features/survey/routes/survey-approval-page.tsx': 'a survey’s approval link',
  'features/thresholds/routes/company-thresholds-tab.tsx': 'a company’s Thresholds tab',
  'features/usage/routes/charts-tabs.tsx': 'a place’s Charts tab',
  'features/usage/routes/company-dashboard.tsx': 'a company’s Dashboard tab',
  'features/users/routes/property-users-tab.tsx': 'a property’s Users tab',
  'features/users/routes/users-page.tsx': '/users',
};

/** The frame around every page (menu, search, notifications, session), from `router.tsx` down. */
const SHELL = 'every page (the app frame)';
/** The files that route: their lazy imports are the pages, not part of the frame. */
const ROUTING_FILES = ['app/router.tsx', 'app/route-manifest.ts'];

// ---------------------------------------------------------------------------------------------
// The specified calls.

type Call = { method: string; path: string };

const specified: Call[] = specText
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'))
  .flatMap((line) => {
    const [method = '', path = ''] = line.split(/\s+/);
    const bare = (path.split('?')[0] ?? '').replace(/\/+$/, '');
    const paths = bare.includes('{entity}')
      ? ENTITIES.map((entity) => bare.replace('{entity}', entity))
      : [bare];
    return paths.map((one) => ({ method, path: one }));
  });

const keyOf = (call: Call) => `${call.method} ${call.path}`;
const shape = (path: string) => path.replace(/\$\{[^}]*\}|\{[^}]*\}/g, '{}').replace(/\/+$/, '');

/**
 * Whether a path the web calls answers the specified one: a parameter answers a parameter, or a
 * number the specification writes out (the `5` of `search-top/{text}/5`, served as a parameter).
 */
function answers(web: Call, call: Call): boolean {
  if (web.method !== call.method) return false;
  const a = shape(web.path).split('/');
  const b = shape(call.path).split('/');
  return (
    a.length === b.length &&
    a.every(
      (segment, i) => segment === b[i] || (segment === '{}' && /^(\{\}|\d+)$/.test(b[i] ?? '')),
    )
  );
}

// ---------------------------------------------------------------------------------------------
// The web's sources, by path below `src/`.

const sources: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(
      ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.d.ts', '!../testing/**'],
      { query: '?raw', import: 'default', eager: true },
    ),
  ).map(([key, text]) => [key.replace(/^\.\.\//, '').replace(/^\.\//, 'app/'), text]),
);

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) {
    const parts = from.split('/').slice(0, -1);
    for (const part of specifier.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    base = parts.join('/');
  } else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ]) {
    if (candidate in sources) return candidate;
  }
  return null;
}

type Imports = { stat: string[]; lazy: string[] };

function importsOf(file: string): Imports {
  const { loaded, lazy } = moduleImports(file, sources[file] ?? '');
  const local = (specifiers: string[]) =>
    specifiers
      .map((specifier) => resolve(file, specifier))
      .filter((target): target is string => target !== null);
  return { stat: local(loaded), lazy: local(lazy) };
}

const graph = new Map(Object.keys(sources).map((file) => [file, importsOf(file)]));

/** The pages the routing files load lazily. */
const pageEntries = [
  ...new Set(ROUTING_FILES.flatMap((file) => graph.get(file)?.lazy ?? [])),
].sort();

/** The files `entry` loads, not entering another page or the routing files' lazy imports. */
function closure(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    const { stat = [], lazy = [] } = graph.get(file) ?? {};
    const next = ROUTING_FILES.includes(file) ? stat : [...stat, ...lazy];
    for (const target of next) {
      if (seen.has(target) || (target !== entry && pageEntries.includes(target))) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return seen;
}

const reach = new Map<string, Set<string>>([
  [SHELL, closure('main.tsx')],
  ...pageEntries.map((entry): [string, Set<string>] => [PAGES[entry] ?? entry, closure(entry)]),
]);
// Pages sharing a label (a page and its prefetch) share one reach.
for (const entry of pageEntries) {
  const label = PAGES[entry] ?? entry;
  const own = closure(entry);
  const merged = reach.get(label) ?? new Set<string>();
  for (const file of own) merged.add(file);
  reach.set(label, merged);
}

/** Where a person meets `file`'s calls: the frame, or the pages that load it. */
function screensOf(file: string): string[] {
  return [...reach.entries()]
    .filter(([, files]) => files.has(file))
    .map(([label]) => label)
    .sort((a, b) => (a === SHELL ? -1 : b === SHELL ? 1 : a.localeCompare(b)));
}

// ---------------------------------------------------------------------------------------------
// The calls the web makes, by file.

const METHOD = '(GET|POST|PUT|DELETE|PATCH)';

/**
 * Files that fetch outside the typed client with a path they build (their literal paths are read
 * from the file itself), and how this test builds the same paths.
 */
const BUILT_PATHS: Record<string, () => string[]> = {
  // Each data set of the "Export all" dialog: `/{type}/export-all`.
  'features/exports/api/export-all.ts': () => exportSets.map((set) => `/${set.type}/export-all`),
  // A readings list's export: `{its list's path}/export`.
  'features/submissions/api/export-submissions.ts': () => [
    ...(['company', 'property', 'building', 'unit'] as const).map(
      (level) => `${submissionsPath({ level, id: 1 }).replace('/1/', '/{id}/')}/export`,
    ),
    ...(['unassigned', 'keepalive', 'parsed-old'] satisfies SubmissionList[]).map(
      (list) => `${submissionsPath({ list })}/export`,
    ),
  ],
};

/** Files that fetch outside the typed client but call nothing of their own. */
const NO_OWN_PATHS = [
  // The helpers themselves.
  'lib/api-client.ts',
  'lib/download-file.ts',
  // The reports' CSV links: the typed report calls (`get-gallons-report`, `get-report-overview`)
  // with `format=csv`.
  'features/reports/components/report-preview-card.tsx',
];

/** A file's `fetchWithSession(…)` and `downloadFile({ url: … })` calls with a literal path. */
function untypedCallsOf(file: string): Call[] {
  const text = sources[file] ?? '';
  const literal = [
    ...text.matchAll(/(?:fetchWithSession\(\s*|url:\s*)[`'](\/[^`'?]+)[`'?]([^)]*)/g),
  ].map((match) => ({
    method: /method:\s*'(\w+)'/.exec(match[2] ?? '')?.[1] ?? 'GET',
    path: match[1] ?? '',
  }));
  const built = (BUILT_PATHS[file]?.() ?? []).map((path) => ({ method: 'GET', path }));
  return [...literal, ...built];
}

const untypedFiles = Object.entries(sources)
  .filter(([, text]) => /\b(?:fetchWithSession|downloadFile)\(/.test(text))
  .map(([file]) => file)
  .sort();

function callsOf(file: string): Call[] {
  const text = sources[file] ?? '';
  const calls: Call[] = [];
  for (const match of text.matchAll(new RegExp(`apiClient\\.${METHOD}\\(\\s*'([^']+)'`, 'g'))) {
    calls.push({ method: match[1] ?? '', path: match[2] ?? '' });
  }
  for (const match of text.matchAll(new RegExp(`apiClient\\.${METHOD}\\(\\s*[^'\\s]`, 'g'))) {
    for (const literal of text.matchAll(/'(\/[a-z][^'\s]*)'/g)) {
      calls.push({ method: match[1] ?? '', path: literal[1] ?? '' });
    }
  }
  calls.push(...untypedCallsOf(file));
  return calls;
}

const webCalls = Object.keys(sources).flatMap((file) =>
  callsOf(file).map((call) => ({ ...call, file })),
);

/** Where the web makes `call`: the pages (and files) that make it, none when no page loads it. */
function usesOf(call: Call): { screens: string[]; files: string[] } {
  const files = [
    ...new Set(webCalls.filter((web) => answers(web, call)).map((web) => web.file)),
  ].sort();
  const reached = files.filter((file) => screensOf(file).length > 0);
  return { screens: [...new Set(reached.flatMap(screensOf))], files: reached };
}

// ---------------------------------------------------------------------------------------------
// The doc's section.

const BEGIN =
  '<!-- call-reachability: generated by packages/web/src/app/call-reachability.test.ts; `npm run docs:calls` -->';
const END = '<!-- /call-reachability -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function screensCell(screens: string[]): string {
  const shown = screens.slice(0, 3).join('; ');
  return screens.length > 3 ? `${shown}; +${screens.length - 3} more` : shown;
}

function featureOf(file: string): string {
  const [top = '', name = ''] = file.split('/');
  return top === 'features' ? name : top;
}

function section(): string {
  const rows = specified.map((call) => ({ call, ...usesOf(call) }));
  const used = rows.filter((row) => row.screens.length > 0);
  const apiOnly = rows.filter((row) => row.screens.length === 0);
  return [
    BEGIN,
    '## Where each specified call is used',
    '',
    `Of the ${specified.length} specified calls (\`docs/spec-calls.txt\`, each \`{entity}\` call once per level), ${used.length} are made by the web and ${apiOnly.length} are API-only, each with its reason. The pages are found from the web's sources: the files that make a call, followed through their imports up to the pages the router loads.`,
    '',
    '### Made by the web',
    '',
    '| Call | Where (page) | Feature |',
    '| --- | --- | --- |',
    ...used.map(
      (row) =>
        `| \`${keyOf(row.call)}\` | ${cell(screensCell(row.screens))} | ${[
          ...new Set(row.files.map(featureOf)),
        ].join(', ')} |`,
    ),
    '',
    '### API-only',
    '',
    '| Call | Why |',
    '| --- | --- |',
    ...apiOnly.map(
      (row) => `| \`${keyOf(row.call)}\` | ${cell(API_ONLY[keyOf(row.call)] ?? '')} |`,
    ),
    END,
  ].join('\n');
}

/** A Markdown text with its tables' cells unpadded (`| a | b |`) and their rules as `---`. */
const unpadded = (text: string) =>
  text
    .split('\n')
    .map((line) =>
      line.startsWith('|')
        ? line
            .replace(/ *\| */g, ' | ')
            .replace(/ -{3,} /g, ' --- ')
            .trim()
        : line,
    )
    .join('\n');

/** `docs/api.md` with its generated section replaced by (or, the first time, ended with) `body`. */
function withSection(doc: string, body: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1) return `${doc.replace(/\n*$/, '\n\n')}${body}\n`;
  return `${doc.slice(0, start)}${body}${doc.slice(end + END.length)}`;
}

// ---------------------------------------------------------------------------------------------

describe('every specified call is reachable from the web or API-only with a reason', () => {
  it('reads the 224 specified calls', () => {
    expect(specified).toHaveLength(224);
    expect(new Set(specified.map(keyOf)).size).toBe(224);
  });

  it('knows where a person finds every page the router loads', () => {
    expect(pageEntries.length).toBeGreaterThan(30);
    expect(pageEntries.filter((entry) => !(entry in PAGES))).toEqual([]);
  });

  it('knows how every file fetching outside the typed client builds its paths', () => {
    const unknown = untypedFiles.filter(
      (file) => untypedCallsOf(file).length === 0 && !NO_OWN_PATHS.includes(file),
    );
    expect(unknown).toEqual([]);
    for (const file of Object.keys(BUILT_PATHS)) expect(untypedFiles).toContain(file);
    for (const file of untypedFiles) {
      for (const { path } of untypedCallsOf(file)) expect(path, file).toMatch(/^\/[a-z]/);
    }
  });

  it('finds calls the way the web makes them (a typed literal, a table of paths, a download)', () => {
    const where = (key: string) => {
      const call = specified.find((one) => keyOf(one) === key);
      if (call === undefined) throw new Error(`not specified: ${key}`);
      return usesOf(call).screens;
    };
    expect(where('GET /companies/{id}')).toContain('a company’s page');
    expect(where('GET /units/{id}/submissions')).toContain('a place’s Readings tab');
    expect(where('GET /users/export-all')).toContain(SHELL);
    expect(where('GET /submissions/keepalive/export')).toContain('/submissions/…');
    // A parameter the web sends answers only a parameter or a written-out number: calling
    // `/units/{id}` is not calling `/units/export-all` (only the frame's "Export all" does).
    expect(where('GET /units/export-all')).toEqual([SHELL]);
    expect(where('GET /companies/{id}/properties-names/{limit}')).toEqual([]);
  });

  it('leaves no specified call unexplained and no API-only entry stale', () => {
    const keys = specified.map(keyOf);
    const unexplained = specified
      .filter((call) => usesOf(call).screens.length === 0 && !(keyOf(call) in API_ONLY))
      .map(keyOf);
    const stale = specified
      .filter((call) => usesOf(call).screens.length > 0 && keyOf(call) in API_ONLY)
      .map(keyOf);
    const unknown = Object.keys(API_ONLY).filter((key) => !keys.includes(key));
    expect({ unexplained, stale, unknown }).toEqual({ unexplained: [], stale: [], unknown: [] });
    for (const [key, reason] of Object.entries(API_ONLY))
      expect(reason.length, key).toBeGreaterThan(20);
  });

  it('is the section “Where each specified call is used” of docs/api.md (`npm run docs:calls`)', async () => {
    const generated = withSection(apiDoc, section());
    // The formatter pads the tables' columns (`npm run docs:calls` runs it after writing): the
    // doc is current when it says the same with the padding taken out.
    if (unpadded(generated) === unpadded(apiDoc)) return;
    await expect(generated).toMatchFileSnapshot('../../../../docs/api.md');
  });
});
