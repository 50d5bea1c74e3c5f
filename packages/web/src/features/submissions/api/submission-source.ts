// Where a readings list comes from: one place of the portfolio (company, property, building or
// unit) or one of the provider's lists outside it (unassigned, keep-alive, legacy "parsed-old").

import { levelPlural } from '@flowsight/domain/level-plurals';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';

export type SubmissionList = 'unassigned' | 'keepalive' | 'parsed-old';
export type SubmissionSource =
  | { readonly level: PortfolioLevel; readonly id: number }
  | { readonly list: SubmissionList };

/** The API path of the source's readings, e.g. `/units/11/submissions`. */
export function submissionsPath(source: SubmissionSource): string {
  return 'list' in source
    ? `/submissions/${source.list}`
    : `/${levelPlural[source.level]}/${source.id}/submissions`;
}

/** A stable key part for the source. */
export const sourceKey = (source: SubmissionSource) =>
  'list' in source ? source.list : `${source.level}-${source.id}`;
