// The statistics pages' record: company (system roles only — company roles have theirs), then an
// optional property and building. Changing a level clears the levels below it.
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { RecordPicker } from '@/components/record-picker';
import { usePlaceNames } from '@/lib/place-names';
import type { StatisticsScope } from '../utils/statistics-scope';

export type ScopePickersProps = {
  scope: StatisticsScope;
  onChange: (scope: StatisticsScope) => void;
  /** System roles choose the company; company roles see their own. */
  chooseCompany: boolean;
};

export function ScopePickers({ scope, onChange, chooseCompany }: ScopePickersProps) {
  const { t } = useTranslation();
  const companies = usePlaceNames('company', null, chooseCompany);
  const properties = usePlaceNames('property', scope.companyId);
  const buildings = usePlaceNames('building', scope.propertyId);
  const common = {
    loadingText: t('statistics.scope.loading'),
    noOptionsText: t('statistics.scope.noOptions'),
    size: 'small',
  } as const;

  return (
    <Box
      data-testid="statistics-scope"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: chooseCompany ? 'repeat(3, minmax(0, 1fr))' : 'repeat(2, minmax(0, 1fr))',
        },
      }}
    >
      {chooseCompany && (
        <RecordPicker
          {...common}
          label={t('statistics.scope.company')}
          options={companies.data ?? []}
          loading={companies.isFetching}
          value={scope.companyId}
          required
          error={companies.isError}
          helperText={companies.isError ? t('statistics.scope.loadFailed') : undefined}
          onChange={(companyId) => onChange({ companyId, propertyId: null, buildingId: null })}
          data-testid="statistics-company"
        />
      )}
      <RecordPicker
        {...common}
        label={t('statistics.scope.property')}
        options={properties.data ?? []}
        loading={properties.isFetching}
        value={scope.propertyId}
        disabled={scope.companyId === null}
        helperText={t('statistics.scope.allProperties')}
        onChange={(propertyId) => onChange({ ...scope, propertyId, buildingId: null })}
        data-testid="statistics-property"
      />
      <RecordPicker
        {...common}
        label={t('statistics.scope.building')}
        options={buildings.data ?? []}
        loading={buildings.isFetching}
        value={scope.buildingId}
        disabled={scope.propertyId === null}
        helperText={t('statistics.scope.allBuildings')}
        onChange={(buildingId) => onChange({ ...scope, buildingId })}
        data-testid="statistics-building"
      />
    </Box>
  );
}
