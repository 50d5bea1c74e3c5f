// Gallons per fixture type over the chosen dates, largest first, each with its share of the
// place's use; above a unit, the water no fixture accounts for follows as its own row (water
// accounting), and a note says when the use came from fixture meters rather than the main line.
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { BarList, ChartCard, ChartError, ChartLoading } from '@/components/charts';
import type { DateRangeQuery, UsagePlace } from '@/lib/place-usage';
import { useApplianceGallons } from '@/lib/place-usage';
import { useFixtureLabel, useUsageFormat } from '../utils/usage-format';
import { fixtureShares } from '../utils/water-accounting';
import { SourceNote } from './source-note';

export type FixtureBreakdownCardProps = {
  place: UsagePlace;
  range: DateRangeQuery;
  /** False while the chosen dates are not a valid range. */
  enabled: boolean;
  /** Fixture rows shown before "show all" (all when not set); unaccounted water always shows. */
  limit?: number;
};

export function FixtureBreakdownCard({ place, range, enabled, limit }: FixtureBreakdownCardProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const format = useUsageFormat();
  const fixtureLabel = useFixtureLabel();
  const query = useApplianceGallons(place, range, enabled);
  const answer = query.data;
  const shares = answer === undefined ? undefined : fixtureShares(answer);
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
      ) : query.isError || shares === undefined ? (
        <ChartError onRetry={() => void query.refetch()} />
      ) : (
        <>
          <BarList
            title={t('usage.fixtures.title')}
            items={shares.rows.map((row) => ({
              key: String(row.applianceTypeId),
              label: fixtureLabel(row.applianceTypeId),
              value: row.gallons,
              secondary: t('usage.fixtures.sensors', { sensors: format.count(row.sensors) }),
              detail: format.share(row.share),
            }))}
            apart={
              shares.unaccounted === null
                ? []
                : [
                    {
                      key: 'unaccounted',
                      label: t('usage.water.unaccounted'),
                      value: shares.unaccounted.gallons,
                      secondary: t('usage.water.unaccountedHelp'),
                      detail: format.share(shares.unaccounted.share),
                      color: theme.palette.warning.main,
                    },
                  ]
            }
            apartTitle={t('usage.water.unaccounted')}
            formatValue={format.gallons}
            limit={limit}
            emptyText={t('usage.fixtures.empty')}
            data-testid="fixture-list"
          />
          <SourceNote source={answer?.source} />
        </>
      )}
    </ChartCard>
  );
}
