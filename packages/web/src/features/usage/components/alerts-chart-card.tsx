// Alerts first detected per month over the last 12 months, stacked by category.

import { Granularity } from '@flowsight/domain/granularity';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard, ChartError, ChartLoading, StackedColumnChart } from '@/components/charts';
import { useAlertsChart } from '../api/get-alerts-chart';
import { periodLabel } from '../utils/period-labels';

export type AlertsChartCardProps = { companyId: number; timeZone: string | undefined };

export function AlertsChartCard({ companyId, timeZone }: AlertsChartCardProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const query = useAlertsChart(companyId, timeZone);
  const series = useMemo(
    () => [
      { key: 'leak', label: t('usage.alerts.leak'), color: theme.palette.error.main },
      { key: 'usage', label: t('usage.alerts.usage'), color: theme.palette.warning.main },
      {
        key: 'device_health',
        label: t('usage.alerts.deviceHealth'),
        color: theme.palette.info.main,
      },
    ],
    [t, theme],
  );
  const data = useMemo(
    () =>
      (query.data ?? []).map((month) => ({
        key: month.month,
        ...periodLabel(Granularity.Monthly, month.month, i18n.language, () => ''),
        values: [month.leak, month.usage, month.device_health],
      })),
    [query.data, i18n.language],
  );
  const total = data.reduce((sum, month) => sum + month.values.reduce((a, b) => a + b, 0), 0);
  return (
    <ChartCard
      title={t('usage.alerts.title')}
      subtitle={query.data === undefined ? undefined : t('usage.alerts.subtitle', { total })}
      data-testid="alerts-chart"
    >
      {query.isPending ? (
        <ChartLoading />
      ) : query.isError ? (
        <ChartError onRetry={() => void query.refetch()} />
      ) : (
        <StackedColumnChart
          title={t('usage.alerts.title')}
          series={series}
          data={data}
          height={220}
          emptyText={t('usage.alerts.empty')}
          integerValues
          data-testid="alerts-chart-columns"
        />
      )}
    </ChartCard>
  );
}
