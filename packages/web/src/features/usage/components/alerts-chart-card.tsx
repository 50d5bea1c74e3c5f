// Alerts first detected per month over the last 12 months, stacked by category.

import { Granularity } from '@flowsight/domain/granularity';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard, ChartError, ChartLoading, StackedColumnChart } from '@/components/charts';
import { useAlertsChart } from '../api/get-alerts-chart';
import { localDateOf, monthsEndingWith, periodLabel } from '../utils/period-labels';

/** The months the chart covers (the API's window). */
const ALERT_MONTHS = 12;

export type AlertsChartCardProps = {
  companyId: number;
  /** The company's zone, from its statistics; undefined while they load or when they failed. */
  timeZone: string | undefined;
  /** The statistics that give the zone failed: the card shows the failure, never a skeleton. */
  zoneFailed?: boolean;
  /** Asks for the statistics again (the retry of a failed zone). */
  onRetryZone?: () => void;
};

export function AlertsChartCard({
  companyId,
  timeZone,
  zoneFailed = false,
  onRetryZone,
}: AlertsChartCardProps) {
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
  // The API lists only months with alerts: the chart shows all 12, ending with the company's
  // current local month.
  const data = useMemo(() => {
    if (query.data === undefined || timeZone === undefined) return [];
    const byMonth = new Map(query.data.map((month) => [month.month, month]));
    const current = (localDateOf(new Date().toISOString(), timeZone) ?? '').slice(0, 7);
    return monthsEndingWith(current, ALERT_MONTHS).map((month) => {
      const counts = byMonth.get(month);
      return {
        key: month,
        ...periodLabel(Granularity.Monthly, month, i18n.language, () => ''),
        values: [counts?.leak ?? 0, counts?.usage ?? 0, counts?.device_health ?? 0],
      };
    });
  }, [query.data, timeZone, i18n.language]);
  const total = data.reduce((sum, month) => sum + month.values.reduce((a, b) => a + b, 0), 0);
  return (
    <ChartCard
      title={t('usage.alerts.title')}
      subtitle={query.data === undefined ? undefined : t('usage.alerts.subtitle', { total })}
      data-testid="alerts-chart"
    >
      {zoneFailed && timeZone === undefined ? (
        <ChartError onRetry={() => onRetryZone?.()} />
      ) : query.isPending ? (
        <ChartLoading />
      ) : query.isError ? (
        <ChartError onRetry={() => void query.refetch()} />
      ) : (
        <StackedColumnChart
          title={t('usage.alerts.title')}
          series={series}
          data={total === 0 ? [] : data}
          height={220}
          emptyText={t('usage.alerts.empty')}
          integerValues
          data-testid="alerts-chart-columns"
        />
      )}
    </ChartCard>
  );
}
