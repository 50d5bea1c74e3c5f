// Which record the statistics pages describe, kept in the address so a view can be shared:
// `?company=` (system roles pick it; company roles always see their own), then optionally
// `&property=` and `&building=`. The deepest chosen level is the record.
import { Granularity, type GranularityId, granularities } from '@flowsight/domain/granularity';
import type { StatisticsRecord } from '../api/statistics-record';

export type StatisticsScope = {
  companyId: number | null;
  propertyId: number | null;
  buildingId: number | null;
};

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The scope the address names. `ownCompanyId` (company roles) wins over the address's company, so
 * a shared link never shows another company's pickers; a system role whose address names none
 * sees `defaultCompanyId` (the first company it may read) rather than an empty page.
 */
export function scopeFromSearch(
  search: URLSearchParams,
  ownCompanyId: number | null,
  defaultCompanyId: number | null = null,
): StatisticsScope {
  const companyId = ownCompanyId ?? positiveId(search.get('company')) ?? defaultCompanyId;
  const propertyId = companyId === null ? null : positiveId(search.get('property'));
  const buildingId = propertyId === null ? null : positiveId(search.get('building'));
  return { companyId, propertyId, buildingId };
}

/** The address's query with the scope written in (empty levels removed), other keys kept. */
export function searchWithScope(
  search: URLSearchParams,
  scope: StatisticsScope,
  ownCompanyId: number | null,
): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (key: string, id: number | null) => {
    if (id === null) next.delete(key);
    else next.set(key, String(id));
  };
  set('company', ownCompanyId === null ? scope.companyId : null);
  set('property', scope.propertyId);
  set('building', scope.buildingId);
  return next;
}

/** The deepest level chosen, or `null` before a company is. */
export function recordOf(scope: StatisticsScope): StatisticsRecord | null {
  if (scope.buildingId !== null) return { level: 'building', id: scope.buildingId };
  if (scope.propertyId !== null) return { level: 'property', id: scope.propertyId };
  if (scope.companyId !== null) return { level: 'company', id: scope.companyId };
  return null;
}

/** `?granularity=` of the usage trend; daily when absent or unknown (the API's default). */
export function granularityFromSearch(search: URLSearchParams): GranularityId {
  const value = Number(search.get('granularity'));
  return granularities.find((row) => row.id === value)?.id ?? Granularity.Daily;
}
