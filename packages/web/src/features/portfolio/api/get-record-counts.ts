// The overview tabs' counts: GET /companies/{id}/properties-count, buildings-count, units-count,
// residential-units; /properties/{id}/buildings-count, units-count; /buildings/{id}/units-count,
// tenants-count.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { portfolioQueryKey } from './portfolio-keys';

const byId = (id: number) => ({ params: { path: { id } } });
const countOf = (answer: { count: number }) => answer.count;

export async function getCompanyCounts(id: number) {
  const [properties, buildings, units, residentialUnits] = await Promise.all([
    apiClient.GET('/companies/{id}/properties-count', byId(id)),
    apiClient.GET('/companies/{id}/buildings-count', byId(id)),
    apiClient.GET('/companies/{id}/units-count', byId(id)),
    apiClient.GET('/companies/{id}/residential-units', byId(id)),
  ]);
  return {
    properties: countOf(dataOrThrow(properties)),
    buildings: countOf(dataOrThrow(buildings)),
    units: countOf(dataOrThrow(units)),
    residentialUnits: countOf(dataOrThrow(residentialUnits)),
  };
}

export async function getPropertyCounts(id: number) {
  const [buildings, units] = await Promise.all([
    apiClient.GET('/properties/{id}/buildings-count', byId(id)),
    apiClient.GET('/properties/{id}/units-count', byId(id)),
  ]);
  return { buildings: countOf(dataOrThrow(buildings)), units: countOf(dataOrThrow(units)) };
}

export async function getBuildingCounts(id: number) {
  const [units, tenants] = await Promise.all([
    apiClient.GET('/buildings/{id}/units-count', byId(id)),
    apiClient.GET('/buildings/{id}/tenants-count', byId(id)),
  ]);
  return { units: countOf(dataOrThrow(units)), tenants: countOf(dataOrThrow(tenants)) };
}

const countsOptions = <T>(level: string, id: number, read: (id: number) => Promise<T>) =>
  queryOptions({ queryKey: [...portfolioQueryKey, 'counts', level, id], queryFn: () => read(id) });

/** The counts of each level's overview (its tab and the route loader that starts them). */
export const companyCountsQueryOptions = (id: number) =>
  countsOptions('company', id, getCompanyCounts);
export const propertyCountsQueryOptions = (id: number) =>
  countsOptions('property', id, getPropertyCounts);
export const buildingCountsQueryOptions = (id: number) =>
  countsOptions('building', id, getBuildingCounts);

export const useCompanyCounts = (id: number) => useQuery(companyCountsQueryOptions(id));
export const usePropertyCounts = (id: number) => useQuery(propertyCountsQueryOptions(id));
export const useBuildingCounts = (id: number) => useQuery(buildingCountsQueryOptions(id));
