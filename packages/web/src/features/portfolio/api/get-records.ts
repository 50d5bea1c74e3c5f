// GET /companies|properties|buildings|units/{id}: one record of each level, as its page shows it.
// A record outside the caller's scope answers 404, which the page shows as "not found".
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { portfolioQueryKey } from './portfolio-keys';

const byId = (id: number) => ({ params: { path: { id } } });

export async function getCompany(id: number) {
  return dataOrThrow(await apiClient.GET('/companies/{id}', byId(id)));
}
export async function getProperty(id: number) {
  return dataOrThrow(await apiClient.GET('/properties/{id}', byId(id)));
}
export async function getBuilding(id: number) {
  return dataOrThrow(await apiClient.GET('/buildings/{id}', byId(id)));
}
export async function getUnit(id: number) {
  return dataOrThrow(await apiClient.GET('/units/{id}', byId(id)));
}

export type CompanyDetail = Awaited<ReturnType<typeof getCompany>>;
export type PropertyDetail = Awaited<ReturnType<typeof getProperty>>;
export type BuildingDetail = Awaited<ReturnType<typeof getBuilding>>;
export type UnitDetail = Awaited<ReturnType<typeof getUnit>>;

const recordOptions = <T>(level: string, id: number, read: (id: number) => Promise<T>) =>
  queryOptions({
    queryKey: [...portfolioQueryKey, 'record', level, id],
    queryFn: () => read(id),
    // A 404 (not found or not the caller's) is an answer, not a hiccup to retry, nor to ask again
    // when the page opens on the answer its route loader got (the page offers to try again).
    retry: false,
    retryOnMount: false,
    enabled: id > 0,
  });

export const useCompany = (id: number) => useQuery(recordOptions('company', id, getCompany));
export const useProperty = (id: number) => useQuery(recordOptions('property', id, getProperty));
export const useBuilding = (id: number) => useQuery(recordOptions('building', id, getBuilding));
export const useUnit = (id: number) => useQuery(recordOptions('unit', id, getUnit));

const readers = {
  company: getCompany,
  property: getProperty,
  building: getBuilding,
  unit: getUnit,
} as const;
export type RecordLevel = keyof typeof readers;

/**
 * A record's query, the one key for it wherever it is read (its page, the breadcrumbs' names), so
 * one page load asks for each record once.
 */
export const recordQueryOptions = (level: RecordLevel, id: number) =>
  recordOptions<{ name: string }>(level, id, readers[level]);
