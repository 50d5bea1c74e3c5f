// The English catalogue in two parts. The first part ships with the app frame: the texts of the
// header, menus, breadcrumbs, error pages and the dashboard (the company roles' landing page).
// The second part, everything else, loads with the code of any other page (see `i18n.ts` and the
// router). The build cuts `locales/en.json` along these paths (see `vite.config.ts`).

/** Dotted paths of the catalogue entries the app frame and the dashboard show. */
export const englishFramePaths = [
  'app',
  'common',
  'nav',
  'shell',
  'breadcrumbs',
  'search',
  'settings',
  'messages',
  'notFound',
  'routeError',
  'auth.signedIn',
  'alerts.bell',
  'customize.open',
  'exportAll.open',
  'usage.chart',
  'usage.units',
  'usage.granularity',
  'usage.period',
  'usage.trend',
  'usage.range',
  'usage.comparison',
  'usage.dashboard',
  'usage.kpi',
  'usage.attention',
  'usage.alerts',
  'usage.fixtures',
  'usage.water',
  'micrometers.lookups.fixtures',
  'portfolio.lookups.unitCategories',
] as const;

type Catalogue = { [key: string]: unknown };

function isCatalogue(value: unknown): value is Catalogue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Splits `catalogue` into the entries at `paths` and all the others, both keeping their nesting. */
export function splitCatalogue(
  catalogue: Catalogue,
  paths: readonly string[],
): [picked: Catalogue, rest: Catalogue] {
  const picked: Catalogue = {};
  const rest: Catalogue = structuredClone(catalogue);
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop();
    let from: unknown = catalogue;
    let restParent: unknown = rest;
    let into = picked;
    for (const key of keys) {
      from = isCatalogue(from) ? from[key] : undefined;
      restParent = isCatalogue(restParent) ? restParent[key] : undefined;
      if (!isCatalogue(into[key])) into[key] = {};
      into = into[key] as Catalogue;
    }
    if (last === undefined || !isCatalogue(from) || !(last in from)) {
      throw new Error(`The English catalogue has no entry ${path}`);
    }
    into[last] = structuredClone(from[last]);
    if (isCatalogue(restParent)) delete restParent[last];
  }
  return [picked, pruneEmpty(rest)];
}

function pruneEmpty(catalogue: Catalogue): Catalogue {
  const pruned: Catalogue = {};
  for (const [key, value] of Object.entries(catalogue)) {
    if (!isCatalogue(value)) {
      pruned[key] = value;
      continue;
    }
    const inner = pruneEmpty(value);
    if (Object.keys(inner).length > 0) pruned[key] = inner;
  }
  return pruned;
}
