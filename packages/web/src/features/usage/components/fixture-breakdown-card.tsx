// Gallons per fixture type over the chosen dates, largest first.
import { useTranslation } from 'react-i18next';
import { BarList, ChartCard, ChartError, ChartLoading } from '@/components/charts';
import { useApplianceGallons } from '../api/get-appliance-gallons';
import type { UsagePlace } from '../api/usage-keys';
import type { DateRangeQuery } from '../utils/date-range';
import { useFixtureLabel, useUsageFormat } from '../utils/usage-format';

export type FixtureBreakdownCardProps = {
  place: UsagePlace;
  range: DateRangeQuery;
  /** False while the chosen dates are not a valid range. */
  enabled: boolean;
};

export function FixtureBreakdownCard({ place, range, enabled }: FixtureBreakdownCardProps) {
  const { t } = useTranslation();
  const format = useUsageFormat();
  const fixtureLabel = useFixtureLabel();
  const query = useApplianceGallons(place, range, enabled);
  const answer = query.data;
  return (
    <ChartCard
      title={t('usage.fixtures.title')}
      subtitle={
        answer === undefined
          ? undefined
          : t('usage.fixtures.subtitle', {
              total: format.gallons(answer.total_gallons),
              from: format.localDate(answer.from),
              to: format.localDate(answer.to),
            })
      }
      data-testid="fixture-breakdown"
    >
      {!enabled ? (
        <ChartError message={t('usage.range.fixFirst')} />
      ) : query.isPending ? (
        <ChartLoading height={160} />
      ) : query.isError ? (
        <ChartError onRetry={() => void query.refetch()} />
      ) : (
        <BarList
          title={t('usage.fixtures.title')}
          items={(answer?.data ?? []).map((row) => ({
            key: String(row.appliance_type_id),
            label: fixtureLabel(row.appliance_type_id),
            value: row.gallons,
            secondary: t('usage.fixtures.sensors', { sensors: format.count(row.sensors) }),
          }))}
          formatValue={format.gallons}
          emptyText={t('usage.fixtures.empty')}
          data-testid="fixture-list"
        />
      )}
    </ChartCard>
  );
}
