// Gallons over time for a place: 12 months, 12 weeks, 12 days or 24 hours (spec section 9), with
// the granularity switch in the card's corner.
import type { GranularityId } from '@flowsight/domain/granularity';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard, ChartError, ChartLoading, ColumnChart } from '@/components/charts';
import { useGallons } from '../api/get-gallons';
import type { UsagePlace } from '../api/usage-keys';
import { localDateOf, periodLabel } from '../utils/period-labels';
import { useUsageFormat } from '../utils/usage-format';
import { GranularitySwitch } from './granularity-switch';

export type UsageTrendCardProps = {
  place: UsagePlace;
  granularity: GranularityId;
  onGranularityChange: (value: GranularityId) => void;
};

export function UsageTrendCard({ place, granularity, onGranularityChange }: UsageTrendCardProps) {
  const { t, i18n } = useTranslation();
  const format = useUsageFormat();
  const query = useGallons(place, granularity);
  const answer = query.data;
  // While another granularity loads, the previous buckets stay (placeholder) but are not relabelled.
  const shownGranularity = (answer?.granularity ?? granularity) as GranularityId;
  const data = useMemo(
    () =>
      (answer?.data ?? []).map((bucket) => {
        const labels = periodLabel(
          shownGranularity,
          bucket.period,
          i18n.language,
          (week, monday) => t('usage.period.week', { week, date: monday }),
          answer === undefined ? undefined : localDateOf(bucket.start, answer.time_zone),
        );
        return { key: bucket.start, ...labels, value: bucket.gallons };
      }),
    [answer, shownGranularity, i18n.language, t],
  );
  const total = data.reduce((sum, bucket) => sum + bucket.value, 0);

  return (
    <ChartCard
      title={t('usage.trend.title')}
      subtitle={
        answer === undefined
          ? undefined
          : t('usage.trend.subtitle', { total: format.gallons(total), zone: answer.time_zone })
      }
      action={<GranularitySwitch value={granularity} onChange={onGranularityChange} />}
      data-testid="usage-trend"
    >
      {query.isPending ? (
        <ChartLoading />
      ) : query.isError ? (
        <ChartError onRetry={() => void query.refetch()} />
      ) : (
        <>
          <ColumnChart
            title={t('usage.trend.title')}
            valueLabel={t('usage.trend.gallons')}
            data={data}
            formatValue={format.gallons}
            data-testid="usage-trend-chart"
          />
          {total === 0 && (
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', mt: 1 }}
              data-testid="usage-trend-none"
            >
              {t('usage.trend.none')}
            </Typography>
          )}
        </>
      )}
    </ChartCard>
  );
}
