// A unit's month so far and where it is heading: gallons to date, the projected month end with
// its likely band (low to high), last month for comparison, and each day of the month (actual
// days, then projected ones drawn lighter).
import { Granularity } from '@flowsight/domain/granularity';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard, ChartError, ChartLoading, ColumnChart, linearScale } from '@/components/charts';
import { type GallonsPrediction, usePrediction } from '../api/get-prediction';
import { periodLabel } from '../utils/period-labels';
import { useUsageFormat } from '../utils/usage-format';

export type PredictionCardProps = { unitId: number };

export function PredictionCard({ unitId }: PredictionCardProps) {
  const { t, i18n } = useTranslation();
  const format = useUsageFormat();
  const query = usePrediction(unitId);
  const prediction = query.data;
  const days = useMemo(
    () =>
      (prediction?.data ?? []).map((day) => ({
        key: day.day,
        ...periodLabel(Granularity.Daily, day.day, i18n.language, () => ''),
        value: day.gallons,
        projected: day.projected,
      })),
    [prediction, i18n.language],
  );
  const month =
    prediction === undefined
      ? undefined
      : periodLabel(Granularity.Monthly, prediction.month, i18n.language, () => '').detail;

  return (
    <ChartCard
      title={t('usage.prediction.title')}
      subtitle={
        prediction === undefined || month === undefined
          ? undefined
          : t('usage.prediction.subtitle', {
              month,
              // Today is the day after the month's complete days.
              day: prediction.days_elapsed + 1,
              days: prediction.days_in_month,
            })
      }
      data-testid="prediction"
    >
      {query.isPending ? (
        <ChartLoading />
      ) : query.isError || prediction === undefined ? (
        <ChartError onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: {
                xs: 'repeat(2, minmax(0, 1fr))',
                md: 'repeat(4, minmax(0, 1fr))',
              },
              gap: 2,
              m: 0,
              mb: 2,
              '& dt': { color: 'text.secondary', fontSize: 13 },
              '& dd': { m: 0, fontWeight: 700, fontSize: 20, fontVariantNumeric: 'tabular-nums' },
            }}
          >
            <div>
              <dt>{t('usage.prediction.toDate')}</dt>
              <dd data-testid="prediction-to-date">
                {format.wholeGallons(prediction.gallons_to_date)}
              </dd>
            </div>
            <div>
              <dt>{t('usage.prediction.projected')}</dt>
              <dd data-testid="prediction-projected">
                {format.wholeGallons(prediction.projected_gallons)}
              </dd>
            </div>
            <div>
              <dt>{t('usage.prediction.lastMonth')}</dt>
              <dd>{format.wholeGallons(prediction.last_month_gallons)}</dd>
            </div>
            <div>
              <dt>{t('usage.prediction.cost')}</dt>
              <dd>{format.money(prediction.projected_cost)}</dd>
            </div>
          </Box>
          <PredictionBand prediction={prediction} />
          <Box sx={{ mt: 2 }}>
            <ColumnChart
              title={t('usage.prediction.daily')}
              valueLabel={t('usage.trend.gallons')}
              data={days}
              height={200}
              formatValue={format.gallons}
              projectedLabel={t('usage.prediction.projectedDay')}
              data-testid="prediction-chart"
            />
          </Box>
        </>
      )}
    </ChartCard>
  );
}

/** One bar: gallons to date, the band the month end likely falls in, the projection and last month. */
function PredictionBand({ prediction }: { prediction: GallonsPrediction }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const format = useUsageFormat();
  const max =
    Math.max(
      prediction.high_gallons,
      prediction.projected_gallons,
      prediction.last_month_gallons,
      1,
    ) * 1.05;
  // Percentages of the width: the bar stretches with its container without measuring it.
  const x = linearScale([0, max], [0, 100]);
  const summary = t('usage.prediction.bandSummary', {
    toDate: format.wholeGallons(prediction.gallons_to_date),
    projected: format.wholeGallons(prediction.projected_gallons),
    low: format.wholeGallons(prediction.low_gallons),
    high: format.wholeGallons(prediction.high_gallons),
    lastMonth: format.wholeGallons(prediction.last_month_gallons),
  });
  const primary = theme.palette.primary.main;
  return (
    <Box data-testid="prediction-band">
      <svg
        role="img"
        aria-label={summary}
        width="100%"
        height={28}
        style={{ display: 'block', overflow: 'visible' }}
      >
        <rect x="0" y="8" width="100%" height="12" rx="6" fill={alpha(primary, 0.1)} />
        <rect
          x={`${x(prediction.low_gallons)}%`}
          y="4"
          width={`${Math.max(0.5, x(prediction.high_gallons) - x(prediction.low_gallons))}%`}
          height="20"
          rx="4"
          fill={alpha(primary, 0.22)}
          stroke={alpha(primary, 0.6)}
          strokeDasharray="3 2"
        />
        <rect
          x="0"
          y="8"
          width={`${x(prediction.gallons_to_date)}%`}
          height="12"
          rx="6"
          fill={primary}
        />
        <line
          x1={`${x(prediction.projected_gallons)}%`}
          x2={`${x(prediction.projected_gallons)}%`}
          y1="1"
          y2="27"
          stroke={theme.palette.text.primary}
          strokeWidth="2"
        />
        <line
          x1={`${x(prediction.last_month_gallons)}%`}
          x2={`${x(prediction.last_month_gallons)}%`}
          y1="4"
          y2="24"
          stroke={theme.palette.text.secondary}
          strokeDasharray="2 2"
        />
      </svg>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {t('usage.prediction.band', {
          low: format.wholeGallons(prediction.low_gallons),
          high: format.wholeGallons(prediction.high_gallons),
        })}
      </Typography>
    </Box>
  );
}
