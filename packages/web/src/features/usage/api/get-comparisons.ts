// The unit comparisons over a date range: a building's units and unit categories
// (GET /buildings/{id}/units-gallons[/grouped-by-category]), a company's top units of one unit
// category and top properties (GET /companies/{id}/top-gallons-units|properties), and a
// property's units from its gallons report (GET /properties/{id}/gallons/report, one total per
// unit).
import { RESIDENTIAL_UNIT_CATEGORY } from '@flowsight/domain/water-accounting';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import type { DateRangeQuery } from '@/lib/place-usage';
import { usageQueryKey } from '@/lib/place-usage';

/** How many units or properties a company's comparison lists. */
export const TOP_LIMIT = 10;

export const buildingUnitsGallonsQueryOptions = (buildingId: number, range: DateRangeQuery) =>
  queryOptions({
    queryKey: [...usageQueryKey, 'units-gallons', buildingId, range],
    queryFn: async () =>
      dataOrThrow(
        await apiClient.GET('/buildings/{id}/units-gallons', {
          params: { path: { id: buildingId }, query: range },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const buildingCategoriesGallonsQueryOptions = (buildingId: number, range: DateRangeQuery) =>
  queryOptions({
    queryKey: [...usageQueryKey, 'units-gallons-by-category', buildingId, range],
    queryFn: async () =>
      dataOrThrow(
        await apiClient.GET('/buildings/{id}/units-gallons/grouped-by-category', {
          params: { path: { id: buildingId }, query: range },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The units the dashboard's top-units card lists. */
export const DASHBOARD_TOP_UNITS = 5;

/** A company's units of one category (residential by default: the API's), most water first. */
export const topUnitsQueryOptions = (
  companyId: number,
  range: DateRangeQuery,
  limit: number,
  unitCategoryId: number = RESIDENTIAL_UNIT_CATEGORY,
) =>
  queryOptions({
    queryKey: [...usageQueryKey, 'top-units', companyId, range, limit, unitCategoryId],
    queryFn: async () =>
      dataOrThrow(
        await apiClient.GET('/companies/{id}/top-gallons-units', {
          params: {
            path: { id: companyId },
            query: { ...range, limit, unit_category_id: unitCategoryId },
          },
        }),
      ),
    // Another category's units are another list: never shown under this one's name.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey.at(-1) === unitCategoryId ? previous : undefined,
  });

export const topPropertiesQueryOptions = (companyId: number, range: DateRangeQuery) =>
  queryOptions({
    queryKey: [...usageQueryKey, 'top-properties', companyId, range],
    queryFn: async () =>
      dataOrThrow(
        await apiClient.GET('/companies/{id}/top-gallons-properties', {
          params: { path: { id: companyId }, query: { ...range, limit: TOP_LIMIT } },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const propertyUnitsGallonsQueryOptions = (propertyId: number, range: DateRangeQuery) =>
  queryOptions({
    queryKey: [...usageQueryKey, 'property-units', propertyId, range],
    queryFn: async () => {
      const report = dataOrThrow(
        await apiClient.GET('/properties/{id}/gallons/report', {
          params: { path: { id: propertyId }, query: { ...range, granularity: 1, format: 'json' } },
        }),
      );
      // The same address answers CSV for format=csv; asked for JSON, text is a broken answer.
      if (typeof report === 'string') throw new Error('The gallons report did not answer JSON');
      return report;
    },
    placeholderData: keepPreviousData,
  });

export const useBuildingUnitsGallons = (id: number, range: DateRangeQuery, enabled: boolean) =>
  useQuery({ ...buildingUnitsGallonsQueryOptions(id, range), enabled });
export const useBuildingCategoriesGallons = (id: number, range: DateRangeQuery, enabled: boolean) =>
  useQuery({ ...buildingCategoriesGallonsQueryOptions(id, range), enabled });
export const useTopUnits = (
  companyId: number,
  range: DateRangeQuery,
  enabled: boolean,
  limit = TOP_LIMIT,
  unitCategoryId: number = RESIDENTIAL_UNIT_CATEGORY,
) => useQuery({ ...topUnitsQueryOptions(companyId, range, limit, unitCategoryId), enabled });
export const useTopProperties = (companyId: number, range: DateRangeQuery, enabled: boolean) =>
  useQuery({ ...topPropertiesQueryOptions(companyId, range), enabled });
export const usePropertyUnitsGallons = (id: number, range: DateRangeQuery, enabled: boolean) =>
  useQuery({ ...propertyUnitsGallonsQueryOptions(id, range), enabled });
