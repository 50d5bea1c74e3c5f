// The units tab for a company or one of its properties: the company's units and properties using
// the most water in the range (a property's own ranking is the company's, and says so).

import { propertyPath, unitPath } from '@flowsight/domain/paths';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { LocalDateRange } from '@/lib/local-date-range';
import { useUnitTitle } from '@/lib/unit-title';
import { useTopProperties } from '../api/get-top-properties';
import { useTopUnits } from '../api/get-top-units';
import { useStatisticsFormat } from '../utils/statistics-format';
import type { StatisticsScope } from '../utils/statistics-scope';
import { QueryState } from './query-state';
import { RankedTable } from './ranked-table';

const TOP_LIST_SIZE = 10;

export type CompanyUnitRankingsProps = {
  scope: StatisticsScope;
  /** The range, or null while it is bad (nothing is asked then). */
  valid: LocalDateRange | null;
};

export function CompanyUnitRankings({ scope, valid }: CompanyUnitRankingsProps) {
  const { t } = useTranslation();
  const format = useStatisticsFormat();
  const unitTitle = useUnitTitle();
  const companyId = scope.buildingId === null ? scope.companyId : null;
  const topUnits = useTopUnits(companyId, valid, TOP_LIST_SIZE);
  const topProperties = useTopProperties(companyId, valid, TOP_LIST_SIZE);
  return (
    <>
      {scope.propertyId !== null && (
        <Alert severity="info">{t('statistics.unitsTab.companyWide')}</Alert>
      )}
      <QueryState query={topUnits} enabled={valid !== null}>
        <RankedTable
          title={t('statistics.unitsTab.topUnits', { size: TOP_LIST_SIZE })}
          testId="statistics-top-units"
          emptyText={t('statistics.unitsTab.empty')}
          columns={[
            { key: 'unit', label: t('statistics.unitsTab.unit') },
            // Gallons before the property: on a phone the figure is in view without scrolling.
            { key: 'gallons', label: t('statistics.unitsTab.gallons'), numeric: true },
            { key: 'property', label: t('statistics.unitsTab.property') },
          ]}
          // A unit is named with its building ("Unit 204", "Kendall Lofts A" under it): numbers
          // repeat from one building to the next, and the first column stays in view on a phone.
          rows={(topUnits.data?.data ?? []).map((unit) => ({
            key: unit.unit_id,
            cells: [
              <Box key="unit" component="span" sx={{ display: 'block' }}>
                <Link
                  component={RouterLink}
                  to={unitPath(unit.company_id, unit.property_id, unit.building_id, unit.unit_id)}
                  sx={{ fontWeight: 600 }}
                >
                  {unitTitle(unit.unit_name)}
                </Link>
                <Box
                  component="span"
                  sx={{ display: 'block', color: 'text.secondary', typography: 'caption' }}
                >
                  {unit.building_name}
                </Box>
              </Box>,
              format.decimal(unit.gallons),
              unit.property_name,
            ],
          }))}
        />
      </QueryState>
      <QueryState query={topProperties} enabled={valid !== null}>
        <RankedTable
          title={t('statistics.unitsTab.topProperties', { size: TOP_LIST_SIZE })}
          testId="statistics-top-properties"
          emptyText={t('statistics.unitsTab.empty')}
          columns={[
            { key: 'property', label: t('statistics.unitsTab.property') },
            { key: 'gallons', label: t('statistics.unitsTab.gallons'), numeric: true },
            { key: 'units', label: t('statistics.unitsTab.units'), numeric: true },
            { key: 'perUnit', label: t('statistics.unitsTab.perUnit'), numeric: true },
          ]}
          rows={(topProperties.data?.data ?? []).map((property) => ({
            key: property.property_id,
            cells: [
              <Link
                key="property"
                component={RouterLink}
                to={propertyPath(scope.companyId ?? 0, property.property_id)}
                sx={{ fontWeight: 600 }}
              >
                {property.property_name}
              </Link>,
              format.decimal(property.gallons),
              format.count(property.units),
              property.units > 0 ? format.decimal(property.gallons / property.units) : '—',
            ],
          }))}
        />
      </QueryState>
    </>
  );
}
