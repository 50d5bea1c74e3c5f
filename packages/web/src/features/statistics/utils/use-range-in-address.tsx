// The range of a statistics tab kept in the address (`?from=&to=`), with its fields.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '@/components/date-range-fields';
import { useAddressSearch } from '@/lib/address-search';
import { type LocalDateRange, rangeFromSearch, rangeProblem } from '@/lib/local-date-range';
import { useRangeMessages } from './use-range-messages';

/** The range fields of a tab, reading and writing `?from=&to=`; `null` while the range is bad. */
export function useRangeInAddress(): [
  range: LocalDateRange,
  valid: LocalDateRange | null,
  ReactNode,
] {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useAddressSearch();
  const range = rangeFromSearch(searchParams);
  const problem = rangeProblem(range);
  const messages = useRangeMessages(problem);
  const change = (next: LocalDateRange) => {
    const search = new URLSearchParams(searchParams);
    search.set('from', next.from);
    search.set('to', next.to);
    setSearchParams(search, { replace: true });
  };
  const fields = (
    <Box sx={{ maxWidth: 480 }}>
      <DateRangeFields
        value={range}
        onChange={change}
        fromLabel={t('statistics.range.from')}
        toLabel={t('statistics.range.to')}
        fromError={messages.from}
        toError={messages.to}
        size="small"
        data-testid="statistics-range"
      />
    </Box>
  );
  return [range, problem === null ? range : null, fields];
}
