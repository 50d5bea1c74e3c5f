// Addresses of the portfolio pages the charts link to, and the record ids in the address.
import { useParams } from 'react-router';

export const companyPagePath = (companyId: number) => `/companies/${companyId}`;
export const propertyPagePath = (companyId: number, propertyId: number) =>
  `${companyPagePath(companyId)}/properties/${propertyId}`;
export const buildingPagePath = (companyId: number, propertyId: number, buildingId: number) =>
  `${propertyPagePath(companyId, propertyId)}/buildings/${buildingId}`;
export const unitPagePath = (
  companyId: number,
  propertyId: number,
  buildingId: number,
  unitId: number,
) => `${buildingPagePath(companyId, propertyId, buildingId)}/units/${unitId}`;

const idOf = (param: string | undefined) =>
  param !== undefined && /^\d{1,9}$/.test(param) && Number(param) > 0 ? Number(param) : 0;

/** The ids in the address (0 where absent: the record page around the tab has shown not found). */
export function usePlaceIds() {
  const params = useParams();
  return {
    companyId: idOf(params.companyId),
    propertyId: idOf(params.propertyId),
    buildingId: idOf(params.buildingId),
    unitId: idOf(params.unitId),
  };
}
