// The Statistics page's fixture breakdown: gallons and micrometers per fixture type over a local
// date range (`lib/place-usage`), most gallons first, waiting while there is no record or the
// range cannot be sent.
import type { LocalDateRange } from '@/lib/local-date-range';
import { useApplianceGallons as usePlaceApplianceGallons } from '@/lib/place-usage';
import type { StatisticsRecord } from './statistics-record';

export const useApplianceGallons = (
  record: StatisticsRecord | null,
  range: LocalDateRange | null,
) =>
  usePlaceApplianceGallons(
    record ?? { level: 'company', id: 0 },
    range ?? { from: '', to: '' },
    record !== null && range !== null,
  );
