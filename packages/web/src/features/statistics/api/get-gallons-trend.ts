// The Statistics page's usage trend: the place's gallons per bucket (`lib/place-usage`), waiting
// while no record is chosen.
import type { GranularityId } from '@flowsight/domain/granularity';
import { useGallons } from '@/lib/place-usage';
import type { StatisticsRecord } from './statistics-record';

export const useGallonsTrend = (record: StatisticsRecord | null, granularity: GranularityId) =>
  useGallons(record ?? { level: 'company', id: 0 }, granularity, record !== null);
