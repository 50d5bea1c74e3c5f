// The usage tab's trend: water used per period at the granularity kept in the address
// (`?granularity=`), charted in the record's time zone.
import { type GranularityId, granularities } from '@flowsight/domain/granularity';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ColumnChart } from '@/components/charts/column-chart';
import { useAddressSearch } from '@/lib/address-search';
import { useGallonsTrend } from '../api/get-gallons-trend';
import type { StatisticsRecord } from '../api/statistics-record';
import { useStatisticsFormat } from '../utils/statistics-format';
import { granularityFromSearch } from '../utils/statistics-scope';
import { QueryState } from './query-state';

/** The granularity kept in the address, and its change. */
function useGranularityInAddress() {
  const [searchParams, setSearchParams] = useAddressSearch();
  const granularity = granularityFromSearch(searchParams);
  const chooseGranularity = (id: GranularityId | null) => {
    if (id === null) return;
    const next = new URLSearchParams(searchParams);
    next.set('granularity', String(id));
    setSearchParams(next, { replace: true });
  };
  return { granularity, chooseGranularity };
}

export type UsageTrendProps = { record: StatisticsRecord };

export function UsageTrend({ record }: UsageTrendProps) {
  const { t } = useTranslation();
  const { granularity, chooseGranularity } = useGranularityInAddress();
  const trend = useGallonsTrend(record, granularity);
  const format = useStatisticsFormat();

  const chartData =
    trend.data?.data.map((bucket) => ({
      key: bucket.start,
      ...format.bucket(granularity, bucket, trend.data.time_zone),
      value: bucket.gallons,
    })) ?? [];

  return (
    <Box component="section" aria-labelledby="statistics-trend-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography id="statistics-trend-title" variant="h6" component="h2">
          {t('statistics.usage.trendTitle')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={granularity}
          onChange={(_event, id: GranularityId | null) => chooseGranularity(id)}
          aria-label={t('statistics.usage.granularity')}
        >
          {granularities.map((row) => (
            <ToggleButton key={row.id} value={row.id} sx={{ px: { xs: 1.25, sm: 2 } }}>
              {t(`statistics.granularities.${row.id}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <QueryState query={trend}>
        {trend.data !== undefined && (
          <>
            <ColumnChart
              title={t('statistics.usage.trendTitle')}
              valueLabel={t('statistics.usage.gallons')}
              data={chartData}
              formatValue={format.gallons}
              emptyText={t('statistics.usage.empty')}
              data-testid="statistics-trend-chart"
            />
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('statistics.usage.timeZone', { zone: trend.data.time_zone })}
            </Typography>
          </>
        )}
      </QueryState>
    </Box>
  );
}
