// Gallons over time for a place: 12 months, 12 weeks, 12 days or 24 hours (spec section 9), with
// the granularity switch in the card's corner. Above a unit the gallons are its buildings' use
// (water accounting); a building's or a property's chart can split each bucket into what the
// fixtures measured and the water no fixture accounts for, with its share. A note says when the
// use came from fixture meters rather than the main line.
import type { GranularityId } from '@flowsight/domain/granularity';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ComponentType, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChartCard,
  ChartError,
  ChartLoading,
  ColumnChart,
  StackedColumnChart,
} from '@/components/charts';
import type { UsagePlace } from '@/lib/place-usage';
import { useGallons } from '@/lib/place-usage';
import { localDateOf, periodLabel } from '../utils/period-labels';
import { useUsageFormat } from '../utils/usage-format';
import { hasUnaccountedSeries, splitBucket, windowUnaccounted } from '../utils/water-accounting';
import { GranularitySwitch } from './granularity-switch';
import { SourceNote } from './source-note';

/** The switch that shows or hides the unaccounted series. */
export type UnaccountedToggleProps = { checked: boolean; onChange: (checked: boolean) => void };

export type UsageTrendCardProps = {
  place: UsagePlace;
  granularity: GranularityId;
  onGranularityChange: (value: GranularityId) => void;
  /**
   * The unaccounted series' switch, passed by the pages that offer the series (a building's or a
   * property's charts), so that the dashboard's chart does not load a switch it never shows.
   */
  unaccountedToggle?: ComponentType<UnaccountedToggleProps>;
};

/** The places whose chart offers the unaccounted series: one building, or a property's. */
const splitLevels: readonly UsagePlace['level'][] = ['building', 'property'];

export function UsageTrendCard({
  place,
  granularity,
  onGranularityChange,
  unaccountedToggle: Toggle,
}: UsageTrendCardProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const format = useUsageFormat();
  const query = useGallons(place, granularity);
  const answer = query.data;
  const [showUnaccounted, setShowUnaccounted] = useState(true);
  // While another granularity loads, the previous buckets stay (placeholder) but are not relabelled.
  const shownGranularity = (answer?.granularity ?? granularity) as GranularityId;
  const buckets = useMemo(
    () =>
      (answer?.data ?? []).map((bucket) => ({
        key: bucket.start,
        ...periodLabel(
          shownGranularity,
          bucket.period,
          i18n.language,
          (week, monday) => t('usage.period.week', { week, date: monday }),
          answer === undefined ? undefined : localDateOf(bucket.start, answer.time_zone),
        ),
        value: bucket.gallons,
        ...splitBucket(bucket),
      })),
    [answer, shownGranularity, i18n.language, t],
  );
  const total = buckets.reduce((sum, bucket) => sum + bucket.value, 0);
  // Where no main line reported nothing measured the water the fixtures missed: no series then.
  const canSplit =
    Toggle !== undefined &&
    splitLevels.includes(place.level) &&
    answer !== undefined &&
    answer.source !== 'fixture-meters-only' &&
    hasUnaccountedSeries(answer.data);
  const split = canSplit && showUnaccounted;
  const unaccounted = canSplit ? windowUnaccounted(answer.data) : undefined;
  const series = useMemo(
    () => [
      { key: 'fixtures', label: t('usage.water.fixturesPart'), color: theme.palette.primary.main },
      {
        key: 'unaccounted',
        label: t('usage.water.unaccounted'),
        color: theme.palette.warning.main,
      },
    ],
    [t, theme],
  );

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
          {unaccounted !== undefined && (
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                columnGap: 1.5,
                mb: 0.5,
              }}
            >
              {Toggle && <Toggle checked={showUnaccounted} onChange={setShowUnaccounted} />}
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
                data-testid="unaccounted-window"
              >
                {t('usage.water.windowShare', {
                  gallons: format.gallons(unaccounted.unaccounted),
                  share: format.share(unaccounted.share),
                })}
              </Typography>
            </Box>
          )}
          {split ? (
            <StackedColumnChart
              title={t('usage.trend.title')}
              series={series}
              data={buckets.map(({ key, label, detail, value, fixtures, unaccounted }) => ({
                key,
                label,
                detail,
                values: [fixtures, unaccounted],
                note: format.share(value > 0 ? unaccounted / value : 0),
              }))}
              noteLabel={t('usage.water.unaccountedShare')}
              formatValue={format.gallons}
              data-testid="usage-trend-chart"
            />
          ) : (
            <ColumnChart
              title={t('usage.trend.title')}
              valueLabel={t('usage.trend.gallons')}
              data={buckets}
              formatValue={format.gallons}
              data-testid="usage-trend-chart"
            />
          )}
          {total === 0 && (
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', mt: 1 }}
              data-testid="usage-trend-none"
            >
              {t('usage.trend.none')}
            </Typography>
          )}
          <SourceNote source={answer?.source} />
        </>
      )}
    </ChartCard>
  );
}
