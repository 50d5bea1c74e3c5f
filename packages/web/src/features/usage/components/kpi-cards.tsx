// The dashboard's headline figures: gallons this month against last month, open leaks and what
// they cost a month, sensors transmitting of all sensors.
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartError } from '@/components/charts';
import { useComparedDaysText } from '@/lib/compared-days';
import { useLeakDetail } from '@/lib/leak-count';
import type { UsageStatistics } from '../api/get-statistics';
import { useUsageFormat } from '../utils/usage-format';

type KpiCardProps = {
  label: string;
  value: ReactNode;
  detail: ReactNode;
  tone?: 'default' | 'error' | 'success' | 'warning';
  testId: string;
};

function KpiCard({ label, value, detail, tone = 'default', testId }: KpiCardProps) {
  return (
    <Card component="section" aria-label={label} data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography
          variant="body2"
          component="h2"
          sx={{ color: 'text.secondary', fontWeight: 500 }}
        >
          {label}
        </Typography>
        <Typography
          component="p"
          data-testid={`${testId}-value`}
          sx={{
            fontSize: { xs: 26, sm: 30 },
            fontWeight: 700,
            lineHeight: 1.25,
            my: 0.5,
            fontVariantNumeric: 'tabular-nums',
            color: tone === 'default' ? 'text.primary' : `${tone}.main`,
          }}
        >
          {value}
        </Typography>
        <Typography
          variant="body2"
          component="div"
          sx={{ color: 'text.secondary' }}
          data-testid={`${testId}-detail`}
        >
          {detail}
        </Typography>
      </CardContent>
    </Card>
  );
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
} as const;

export type KpiCardsProps = {
  query: {
    isPending: boolean;
    isError: boolean;
    data: UsageStatistics | undefined;
    refetch: () => unknown;
  };
};

export function KpiCards({ query }: KpiCardsProps) {
  const { t } = useTranslation();
  const leakDetail = useLeakDetail();
  const format = useUsageFormat();
  const comparedDays = useComparedDaysText();
  if (query.isPending) {
    return (
      <Box sx={grid} aria-busy="true" aria-label={t('usage.chart.loading')}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={118} />
        ))}
      </Box>
    );
  }
  const stats = query.data;
  if (query.isError || stats === undefined) {
    return <ChartError message={t('usage.kpi.error')} onRetry={() => void query.refetch()} />;
  }
  const change = stats.change_percent;
  const comparedTo = stats.compared_to;
  const transmittingShare =
    stats.sensors > 0 ? Math.round((stats.sensors_transmitting / stats.sensors) * 100) : null;
  return (
    <Box sx={grid}>
      <KpiCard
        testId="kpi-gallons"
        label={t('usage.kpi.gallonsThisMonth')}
        value={format.wholeGallons(stats.this_month_gallons)}
        detail={
          <>
            {comparedTo === null ? (
              // The 1st: no whole day to set against last month yet, so no figure at all.
              t('usage.kpi.comparisonNotYet')
            ) : change === null ? (
              t('usage.kpi.noComparison')
            ) : (
              <Box
                component="span"
                data-testid="kpi-gallons-change"
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  fontWeight: 600,
                  // Using less water is the good direction.
                  color:
                    change > 0 ? 'warning.main' : change < 0 ? 'success.main' : 'text.secondary',
                  '& svg': { fontSize: 16 },
                }}
              >
                {change > 0 ? (
                  <ArrowUpwardRounded aria-hidden />
                ) : change < 0 ? (
                  <ArrowDownwardRounded aria-hidden />
                ) : null}
                {t('usage.kpi.change', {
                  change: format.change(change),
                  days: comparedDays(comparedTo),
                })}
              </Box>
            )}
            <Box component="span" sx={{ display: 'block' }}>
              {t('usage.kpi.lastMonth', { gallons: format.wholeGallons(stats.last_month_gallons) })}
            </Box>
          </>
        }
      />
      <KpiCard
        testId="kpi-leaks"
        label={t('usage.kpi.openLeaks')}
        value={format.count(stats.open_leak_incidents)}
        tone={stats.open_leaks > 0 ? 'error' : 'success'}
        detail={
          stats.open_leaks > 0
            ? leakDetail(
                stats,
                t('usage.kpi.leaksCost', { cost: format.money(stats.open_leaks_monthly_cost) }),
              )
            : t('usage.kpi.noLeaks')
        }
      />
      <KpiCard
        testId="kpi-sensors"
        label={t('usage.kpi.sensorsTransmitting')}
        value={t('usage.kpi.ofTotal', {
          transmitting: format.count(stats.sensors_transmitting),
          total: format.count(stats.sensors),
        })}
        tone={
          stats.sensors > 0 && stats.sensors_transmitting < stats.sensors ? 'warning' : 'default'
        }
        detail={
          transmittingShare === null
            ? t('usage.kpi.noSensors')
            : t('usage.kpi.transmittingShare', { percent: transmittingShare })
        }
      />
    </Box>
  );
}
