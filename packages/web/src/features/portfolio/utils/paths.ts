// The addresses of the portfolio pages. Each record's page has its tabs as the next path segment
// (`/companies/5/overview`), chosen so that a tab never collides with a child record
// (`/companies/5/properties` is the tab, `/companies/5/properties/7` the property's page).

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

/** A route parameter as a record id, or null when it is not one (the page shows not found). */
export function recordId(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
