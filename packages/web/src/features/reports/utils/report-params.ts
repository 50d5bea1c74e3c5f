// What the reports page shows, kept in the address so a report can be shared or reopened:
// `?report=` (a report type id of the lookups, or `gallons` for the gallons-by-unit report of a
// property or building), `company`, `property`, `building`, `from`, `to` and `granularity`.
import { reportTypes } from '@flowsight/domain/lookups';
import { type LocalDateRange, rangeFromSearch } from '@/lib/local-date-range';
import type { GallonsReportPlace, ReportGranularity } from '../api/get-gallons-report';

export const GALLONS_REPORT = 'gallons';
export type ReportChoice = number | typeof GALLONS_REPORT;

export type ReportParams = {
  report: ReportChoice | null;
  companyId: number | null;
  propertyId: number | null;
  buildingId: number | null;
  range: LocalDateRange;
  granularity: ReportGranularity;
};

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

function reportFrom(value: string | null): ReportChoice | null {
  if (value === GALLONS_REPORT) return GALLONS_REPORT;
  const id = positiveId(value);
  return reportTypes.some((type) => type.id === id) ? id : null;
}

function granularityFrom(value: string | null): ReportGranularity {
  return value === '1' ? 1 : value === '2' ? 2 : 3;
}

/** The report a page opens on when its address names none: the first of the lookups. */
export const DEFAULT_REPORT: ReportChoice = reportTypes[0].id;

/**
 * The page's choices; a company role's own company wins over the address's. What the address
 * leaves out opens on a default rather than an empty page: the first report, the month to date,
 * and for a system role `defaultCompanyId` (the first company it may read).
 */
export function reportParamsFrom(
  search: URLSearchParams,
  ownCompanyId: number | null,
  now = new Date(),
  defaultCompanyId: number | null = null,
): ReportParams {
  const companyId = ownCompanyId ?? positiveId(search.get('company')) ?? defaultCompanyId;
  const propertyId = companyId === null ? null : positiveId(search.get('property'));
  return {
    report: reportFrom(search.get('report')) ?? DEFAULT_REPORT,
    companyId,
    propertyId,
    buildingId: propertyId === null ? null : positiveId(search.get('building')),
    range: rangeFromSearch(search, now),
    granularity: granularityFrom(search.get('granularity')),
  };
}

/** The address's query for `params` (levels and settings that do not apply left out). */
export function reportSearchFrom(
  params: ReportParams,
  ownCompanyId: number | null,
): URLSearchParams {
  const search = new URLSearchParams();
  if (params.report !== null) search.set('report', String(params.report));
  if (ownCompanyId === null && params.companyId !== null) {
    search.set('company', String(params.companyId));
  }
  if (params.report === GALLONS_REPORT) {
    if (params.propertyId !== null) search.set('property', String(params.propertyId));
    if (params.buildingId !== null) search.set('building', String(params.buildingId));
    search.set('granularity', String(params.granularity));
  }
  search.set('from', params.range.from);
  search.set('to', params.range.to);
  return search;
}

/** The gallons report's place: the building when chosen, else the property. */
export function gallonsPlaceOf(params: ReportParams): GallonsReportPlace | null {
  if (params.buildingId !== null) return { level: 'building', id: params.buildingId };
  if (params.propertyId !== null) return { level: 'property', id: params.propertyId };
  return null;
}
