// The "charts" tab of the company, property, building and unit pages: usage over time with the
// granularity switch, then a breakdown over chosen dates by fixture and by unit (the building's
// units and categories, the property's units, the company's top units and properties); a unit
// also shows its projected month end. The choices live in the address.

import { propertyPath, unitPath } from '@flowsight/domain/paths';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaceId } from '@/lib/place-route';
import type { DateRangeQuery, UsagePlace } from '@/lib/place-usage';
import { useApplianceGallons } from '@/lib/place-usage';
import {
  BuildingComparison,
  CompanyComparison,
  PropertyComparison,
} from '../components/comparison-cards';
import { DateRangeFilter } from '../components/date-range-filter';
import { FixtureBreakdownCard } from '../components/fixture-breakdown-card';
import { PredictionCard } from '../components/prediction-card';
import { UnaccountedToggle } from '../components/unaccounted-toggle';
import { UsageTrendCard } from '../components/usage-trend-card';
import { useChartParams } from '../utils/chart-params';
import { dateRangeProblem, dateRangeQuery } from '../utils/date-range';

type ChartsTabProps = {
  place: UsagePlace;
  /** Shown above the trend (the unit's prediction). */
  lead?: ReactNode;
  comparison?: (range: DateRangeQuery, enabled: boolean) => ReactNode;
};

function ChartsTab({ place, lead, comparison }: ChartsTabProps) {
  const { t } = useTranslation();
  const { granularity, setGranularity, from, to, setRange } = useChartParams();
  const valid = dateRangeProblem(from, to) === null;
  const range = dateRangeQuery(from, to);
  // The fixture answer tells which dates the API chose when the address has none.
  const fixtures = useApplianceGallons(place, range, valid);
  const effective =
    fixtures.data === undefined ? undefined : { from: fixtures.data.from, to: fixtures.data.to };
  return (
    <Stack spacing={2} data-testid="charts-tab">
      {lead}
      <UsageTrendCard
        place={place}
        granularity={granularity}
        onGranularityChange={setGranularity}
        unaccountedToggle={UnaccountedToggle}
      />
      <Paper
        variant="outlined"
        sx={{ p: 2 }}
        component="section"
        aria-labelledby="usage-breakdown-heading"
      >
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
        >
          <Box>
            <Typography
              variant="h6"
              component="h2"
              id="usage-breakdown-heading"
              sx={{ fontSize: '1.05rem' }}
            >
              {t('usage.breakdown.title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('usage.breakdown.hint')}
            </Typography>
          </Box>
          <DateRangeFilter from={from} to={to} effective={effective} onChange={setRange} />
        </Stack>
      </Paper>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: comparison === undefined ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))',
          },
          alignItems: 'start',
        }}
      >
        <FixtureBreakdownCard place={place} range={range} enabled={valid} />
        {comparison !== undefined && (
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            {comparison(range, valid)}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

/**
 * The `level` place's id in the address; 0 where absent, since the record page around the tab has
 * then shown not found.
 */
const useShownId = (level: PortfolioLevel) => usePlaceId(level) ?? 0;

export function CompanyChartsTab() {
  const companyId = useShownId('company');
  return (
    <ChartsTab
      place={{ level: 'company', id: companyId }}
      comparison={(range, enabled) => (
        <CompanyComparison
          companyId={companyId}
          propertyPath={(propertyId) => propertyPath(companyId, propertyId)}
          range={range}
          enabled={enabled}
        />
      )}
    />
  );
}

export function PropertyChartsTab() {
  const companyId = useShownId('company');
  const propertyId = useShownId('property');
  return (
    <ChartsTab
      place={{ level: 'property', id: propertyId }}
      comparison={(range, enabled) => (
        <PropertyComparison
          propertyId={propertyId}
          unitPath={(buildingId, unitId) => unitPath(companyId, propertyId, buildingId, unitId)}
          range={range}
          enabled={enabled}
        />
      )}
    />
  );
}

export function BuildingChartsTab() {
  const companyId = useShownId('company');
  const propertyId = useShownId('property');
  const buildingId = useShownId('building');
  return (
    <ChartsTab
      place={{ level: 'building', id: buildingId }}
      comparison={(range, enabled) => (
        <BuildingComparison
          buildingId={buildingId}
          unitPath={(unitId) => unitPath(companyId, propertyId, buildingId, unitId)}
          range={range}
          enabled={enabled}
        />
      )}
    />
  );
}

export function UnitChartsTab() {
  const unitId = useShownId('unit');
  return (
    <ChartsTab place={{ level: 'unit', id: unitId }} lead={<PredictionCard unitId={unitId} />} />
  );
}
