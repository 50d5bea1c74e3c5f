// The dashboard's units that used the most water this month, each linking to its charts:
// residential units by default, another unit category listed apart when chosen.
import { RESIDENTIAL_UNIT_CATEGORY } from '@flowsight/domain/water-accounting';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarList, ChartCard, ChartError, ChartLoading } from '@/components/charts';
import { useUnitTitle } from '@/lib/unit-title';
import { DASHBOARD_TOP_UNITS, useTopUnits } from '../api/get-comparisons';
import { useRankedCategoryLabel, useUsageFormat } from '../utils/usage-format';
import { topUnitItems } from './comparison-cards';
import { UnitCategorySelect } from './unit-category-select';

/** How many units the dashboard lists. */

export function TopUnitsCard({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const unitTitle = useUnitTitle();
  const format = useUsageFormat();
  const categoryLabel = useRankedCategoryLabel();
  const [category, setCategory] = useState<number>(RESIDENTIAL_UNIT_CATEGORY);
  const query = useTopUnits(companyId, {}, true, DASHBOARD_TOP_UNITS, category);
  const answer = query.data;
  return (
    <ChartCard
      title={t('usage.dashboard.topUnits')}
      subtitle={
        answer === undefined
          ? categoryLabel(category)
          : t('usage.water.rankedRange', {
              category: categoryLabel(category),
              from: format.localDate(answer.from),
              to: format.localDate(answer.to),
            })
      }
      data-testid="top-units"
    >
      <UnitCategorySelect value={category} onChange={setCategory} />
      {query.isPending ? (
        <ChartLoading height={200} />
      ) : query.isError || answer === undefined ? (
        <ChartError onRetry={() => void query.refetch()} />
      ) : (
        <BarList
          title={t('usage.water.rankedTitle', {
            title: t('usage.dashboard.topUnits'),
            category: categoryLabel(category),
          })}
          items={topUnitItems(answer.data, unitTitle)}
          formatValue={format.gallons}
          emptyText={t('usage.comparison.noUnits')}
          data-testid="top-units-list"
        />
      )}
    </ChartCard>
  );
}
