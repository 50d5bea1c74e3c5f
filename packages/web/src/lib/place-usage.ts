// The water a place used, as the usage charts and the Statistics pages both read it: its gallons
// per bucket of a granularity's window, and per fixture type over a date range. One request and
// one cache entry serve both pages for the same place and window.
import type { GranularityId } from '@flowsight/domain/granularity';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { dataOrThrow } from './api-error';

/** Every usage query starts with `usageQueryKey`, so they can be refreshed together. */
export const usageQueryKey = ['usage'] as const;

/** A place whose usage is charted. */
export type UsageLevel = PortfolioLevel;
export type UsagePlace = { readonly level: UsageLevel; readonly id: number };

export const placeKey = (place: UsagePlace) => `${place.level}-${place.id}`;

/** A date range as the API takes it; a side left out is the default's. */
export type DateRangeQuery = { from?: string; to?: string };

const gallonsPaths = {
  company: '/companies/{id}/gallons',
  property: '/properties/{id}/gallons',
  building: '/buildings/{id}/gallons',
  unit: '/units/{id}/gallons',
} as const;

const applianceGallonsPaths = {
  company: '/companies/{id}/appliance-gallons',
  property: '/properties/{id}/appliance-gallons',
  building: '/buildings/{id}/appliance-gallons',
  unit: '/units/{id}/appliance-gallons',
} as const;

/**
 * GET /{level}/{id}/gallons?granularity: gallons per month, week, day or hour over the window the
 * granularity sets (12 months, 12 weeks, 12 days or 24 hours), oldest first, every bucket present.
 */
export async function getGallons(place: UsagePlace, granularity: GranularityId) {
  return dataOrThrow(
    await apiClient.GET(gallonsPaths[place.level], {
      params: { path: { id: place.id }, query: { granularity } },
    }),
  );
}

export type GallonsSeries = Awaited<ReturnType<typeof getGallons>>;

export const gallonsQueryOptions = (place: UsagePlace, granularity: GranularityId) =>
  queryOptions({
    queryKey: [...usageQueryKey, 'gallons', placeKey(place), granularity] as const,
    queryFn: () => getGallons(place, granularity),
    placeholderData: keepPreviousData,
  });

export const useGallons = (place: UsagePlace, granularity: GranularityId, enabled = true) =>
  useQuery({ ...gallonsQueryOptions(place, granularity), enabled });

/** GET /{level}/{id}/appliance-gallons?from&to: gallons and micrometers per fixture type. */
export async function getApplianceGallons(place: UsagePlace, range: DateRangeQuery) {
  return dataOrThrow(
    await apiClient.GET(applianceGallonsPaths[place.level], {
      params: { path: { id: place.id }, query: range },
    }),
  );
}

export type ApplianceGallons = Awaited<ReturnType<typeof getApplianceGallons>>;

export const applianceGallonsQueryOptions = (place: UsagePlace, range: DateRangeQuery) =>
  queryOptions({
    queryKey: [...usageQueryKey, 'appliance-gallons', placeKey(place), range] as const,
    queryFn: () => getApplianceGallons(place, range),
    placeholderData: keepPreviousData,
  });

export const useApplianceGallons = (place: UsagePlace, range: DateRangeQuery, enabled = true) =>
  useQuery({ ...applianceGallonsQueryOptions(place, range), enabled });
