// The dashboard's units that used the most water this month, each linking to its charts.
import { useTranslation } from 'react-i18next';
import { BarList, ChartCard, ChartError, ChartLoading } from '@/components/charts';
import { useTopUnits } from '../api/get-comparisons';
import { useUsageFormat } from '../utils/usage-format';
import { topUnitItems } from './comparison-cards';

/** How many units the dashboard lists. */
const DASHBOARD_TOP_UNITS = 5;

export function TopUnitsCard({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const format = useUsageFormat();
  const query = useTopUnits(companyId, {}, true, DASHBOARD_TOP_UNITS);
  const answer = query.data;
  return (
    <ChartCard
      title={t('usage.dashboard.topUnits')}
      subtitle={
        answer === undefined
          ? undefined
          : t('usage.dashboard.range', {
              from: format.localDate(answer.from),
              to: format.localDate(answer.to),
            })
      }
      data-testid="top-units"
    >
      {query.isPending ? (
        <ChartLoading height={200} />
      ) : query.isError || answer === undefined ? (
        <ChartError onRetry={() => void query.refetch()} />
      ) : (
        <BarList
          title={t('usage.dashboard.topUnits')}
          items={topUnitItems(answer.data)}
          formatValue={format.gallons}
          emptyText={t('usage.comparison.noUnits')}
          data-testid="top-units-list"
        />
      )}
    </ChartCard>
  );
}
