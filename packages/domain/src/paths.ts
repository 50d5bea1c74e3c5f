// The addresses of the portfolio's record pages, the one place they are built: the web's links,
// lists, search, menus and breadcrumbs and the server's alert links and e-mails all read them.
// Each record's page has its tabs as the next path segment (`/companies/5/overview`), chosen so
// that a tab never collides with a child record (`/companies/5/properties` is the tab,
// `/companies/5/properties/7` the property's page).
import type { PortfolioLevel } from './portfolio.ts';

export const companyPath = (companyId: number) => `/companies/${companyId}`;
export const propertyPath = (companyId: number, propertyId: number) =>
  `${companyPath(companyId)}/properties/${propertyId}`;
export const buildingPath = (companyId: number, propertyId: number, buildingId: number) =>
  `${propertyPath(companyId, propertyId)}/buildings/${buildingId}`;
export const unitPath = (
  companyId: number,
  propertyId: number,
  buildingId: number,
  unitId: number,
) => `${buildingPath(companyId, propertyId, buildingId)}/units/${unitId}`;

/** The ids that place a record: its own and those of the places above it. */
export type PlaceIds = {
  readonly companyId: number;
  readonly propertyId?: number | null;
  readonly buildingId?: number | null;
  readonly unitId?: number | null;
};

/** The page of the record at `level` among `ids` (each level needs the ids above it). */
export function placePath(level: PortfolioLevel, ids: PlaceIds): string {
  const { companyId, propertyId, buildingId, unitId } = ids;
  switch (level) {
    case 'company':
      return companyPath(companyId);
    case 'property':
      return propertyPath(companyId, propertyId ?? 0);
    case 'building':
      return buildingPath(companyId, propertyId ?? 0, buildingId ?? 0);
    case 'unit':
      return unitPath(companyId, propertyId ?? 0, buildingId ?? 0, unitId ?? 0);
    default: {
      const unreachable: never = level;
      return unreachable;
    }
  }
}

/** The page of the deepest place `ids` name (a unit's when it has one, else its building's, …). */
export function deepestPlacePath(ids: PlaceIds): string {
  const { propertyId, buildingId, unitId } = ids;
  if (propertyId == null) return placePath('company', ids);
  if (buildingId == null) return placePath('property', ids);
  return placePath(unitId == null ? 'building' : 'unit', ids);
}

/** A path segment as a record id, or null when it is not one (the page shows not found). */
export function recordId(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
