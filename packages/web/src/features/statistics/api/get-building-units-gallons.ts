// GET /buildings/{id}/units-gallons?from&to: every unit of a building with its gallons over a
// local date range (0 when none), most first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import type { LocalDateRange } from '@/lib/local-date-range';
import { statisticsQueryKey } from './statistics-record';

export async function getBuildingUnitsGallons(buildingId: number, range: LocalDateRange) {
  return dataOrThrow(
    await apiClient.GET('/buildings/{id}/units-gallons', {
      params: { path: { id: buildingId }, query: { from: range.from, to: range.to } },
    }),
  );
}

export type BuildingUnitsGallons = Awaited<ReturnType<typeof getBuildingUnitsGallons>>;

export const buildingUnitsGallonsQueryOptions = (buildingId: number, range: LocalDateRange) =>
  queryOptions({
    queryKey: [...statisticsQueryKey, 'building-units', buildingId, range.from, range.to] as const,
    queryFn: () => getBuildingUnitsGallons(buildingId, range),
    placeholderData: keepPreviousData,
  });

export const useBuildingUnitsGallons = (buildingId: number | null, range: LocalDateRange | null) =>
  useQuery({
    ...buildingUnitsGallonsQueryOptions(buildingId ?? 0, range ?? { from: '', to: '' }),
    enabled: buildingId !== null && range !== null,
  });
