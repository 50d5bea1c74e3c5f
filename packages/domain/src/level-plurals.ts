// Each portfolio level's plural: its segment in the API's and the web's paths, and its table.
// Apart from portfolio.ts, whose input schemas need zod, so the web's first script can read it.
import type { PortfolioLevel } from './portfolio.ts';

export const levelPlural = {
  company: 'companies',
  property: 'properties',
  building: 'buildings',
  unit: 'units',
} as const satisfies Record<PortfolioLevel, string>;
export type LevelPlural = (typeof levelPlural)[PortfolioLevel];

/** The level a plural names (`units` → `unit`). */
export const levelOfPlural = Object.fromEntries(
  Object.entries(levelPlural).map(([level, plural]) => [plural, level]),
) as { readonly [L in PortfolioLevel as (typeof levelPlural)[L]]: L };
