// Where a micrometer list comes from: the provider's fleet lists (all, assigned, unassigned) or
// one place of the portfolio (company, property, building or unit).
import type { PortfolioLevel } from '@flowsight/domain/portfolio';

export type FleetList = 'all' | 'assigned' | 'unassigned';
export type MicrometerSource =
  | { readonly fleet: FleetList }
  | { readonly level: PortfolioLevel; readonly id: number };

/** A stable key part for the source. */
export const sourceKey = (source: MicrometerSource) =>
  'fleet' in source ? source.fleet : `${source.level}-${source.id}`;
