// The charts' choices kept in the address, so a chart can be shared and survives a reload:
// `?granularity=1|2|3|4` (default daily) and `?from=YYYY-MM-DD&to=YYYY-MM-DD`.
import { Granularity, type GranularityId, granularities } from '@flowsight/domain/granularity';
import { useCallback } from 'react';
import { useAddressSearch } from '@/lib/address-search';

export const DEFAULT_GRANULARITY: GranularityId = Granularity.Daily;

export function parseGranularity(value: string | null): GranularityId {
  const id = Number(value);
  return granularities.find((row) => row.id === id)?.id ?? DEFAULT_GRANULARITY;
}

export function useChartParams() {
  const [params, setParams] = useAddressSearch();
  const granularity = parseGranularity(params.get('granularity'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    granularity,
    from,
    to,
    setGranularity: (value: GranularityId) =>
      update({ granularity: value === DEFAULT_GRANULARITY ? null : String(value) }),
    setRange: (range: { from: string; to: string }) => update(range),
  };
}
