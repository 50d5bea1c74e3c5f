// The usage tab's headline figures: today, this month against last month, the daily average, the
// units, the micrometers transmitting, and the open alerts and leaks with their cost.
import { useTranslation } from 'react-i18next';
import { KpiCard, KpiGrid } from '@/components/kpi-card';
import { useComparedDaysText } from '@/lib/compared-days';
import { useLeakDetail } from '@/lib/leak-count';
import { useRecordStatistics } from '../api/get-record-statistics';
import type { StatisticsRecord } from '../api/statistics-record';
import { useStatisticsFormat } from '../utils/statistics-format';
import { QueryState } from './query-state';

export type UsageFiguresProps = { record: StatisticsRecord };

export function UsageFigures({ record }: UsageFiguresProps) {
  const { t } = useTranslation();
  const leakDetail = useLeakDetail();
  const figures = useRecordStatistics(record);
  const format = useStatisticsFormat();
  const comparedDays = useComparedDaysText();
  return (
    <QueryState query={figures}>
      {figures.data !== undefined && (
        <KpiGrid>
          <KpiCard
            data-testid="stat-today"
            label={t('statistics.kpi.today')}
            value={format.gallons(figures.data.today_gallons)}
            detail={
              figures.data.source === 'fixture-meters-only'
                ? t('statistics.kpi.sourceFixtures')
                : figures.data.source === 'mixed'
                  ? t('statistics.kpi.sourceMixed')
                  : undefined
            }
          />
          <KpiCard
            data-testid="stat-this-month"
            label={t('statistics.kpi.thisMonth')}
            value={format.gallons(figures.data.this_month_gallons)}
            detail={
              figures.data.compared_to === null
                ? t('statistics.kpi.comparisonNotYet')
                : figures.data.change_percent === null
                  ? t('statistics.kpi.noComparison')
                  : t('statistics.kpi.changeDetail', {
                      change: format.change(figures.data.change_percent),
                      current: format.gallons(figures.data.compared_gallons),
                      days: comparedDays(figures.data.compared_to),
                      gallons: format.gallons(figures.data.last_month_same_period_gallons),
                    })
            }
            tone={
              figures.data.change_percent !== null && figures.data.change_percent > 10
                ? 'warning'
                : 'default'
            }
          />
          <KpiCard
            data-testid="stat-last-month"
            label={t('statistics.kpi.lastMonth')}
            value={format.gallons(figures.data.last_month_gallons)}
          />
          <KpiCard
            data-testid="stat-daily-average"
            label={t('statistics.kpi.dailyAverage')}
            value={format.gallons(figures.data.daily_average_gallons)}
            detail={t('statistics.kpi.dailyAverageDetail')}
          />
          <KpiCard
            data-testid="stat-units"
            label={t('statistics.kpi.units')}
            value={format.count(figures.data.units)}
          />
          <KpiCard
            data-testid="stat-transmitting"
            label={t('statistics.kpi.transmitting')}
            value={format.count(figures.data.sensors_transmitting)}
            detail={t('statistics.kpi.ofSensors', {
              sensors: format.count(figures.data.sensors),
              share: format.share(figures.data.sensors_transmitting, figures.data.sensors),
            })}
          />
          <KpiCard
            data-testid="stat-open-alerts"
            label={t('statistics.kpi.openAlerts')}
            value={format.count(figures.data.open_alerts)}
            tone={figures.data.open_alerts > 0 ? 'warning' : 'default'}
          />
          <KpiCard
            data-testid="stat-open-leaks"
            label={t('statistics.kpi.openLeaks')}
            value={format.count(figures.data.open_leak_incidents)}
            tone={figures.data.open_leaks > 0 ? 'error' : 'default'}
            detail={leakDetail(
              figures.data,
              t('statistics.kpi.leakCost', {
                cost: format.money(figures.data.open_leaks_monthly_cost),
              }),
            )}
          />
        </KpiGrid>
      )}
    </QueryState>
  );
}
