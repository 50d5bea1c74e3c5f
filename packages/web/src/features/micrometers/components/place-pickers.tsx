// Company → property → building (→ unit) pickers: each level's choices come from the server once
// the level above is chosen, and changing a level clears those below it. Lists are at most 10rem
// tall (spec section 9). A company role has only its own company to choose: the company picker is
// left out and the choice starts at its properties.
import { isSystemRole } from '@flowsight/domain/roles';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type PlaceName, type PlaceNameLevel, usePlaceNames } from '@/lib/place-names';
import { useSignedInSession } from '@/lib/session';

export type PlaceChoice = {
  companyId: number | null;
  propertyId: number | null;
  buildingId: number | null;
  unitId: number | null;
};

export const NO_PLACE: PlaceChoice = {
  companyId: null,
  propertyId: null,
  buildingId: null,
  unitId: null,
};

export type PlacePickersProps = {
  value: PlaceChoice;
  onChange: (place: PlaceChoice) => void;
  /** The deepest level offered. */
  down: 'building' | 'unit';
  disabled?: boolean;
  /** Test id prefix, when a page shows two sets. */
  idPrefix?: string;
};

export function PlacePickers({
  value,
  onChange,
  down,
  disabled,
  idPrefix = '',
}: PlacePickersProps) {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  // The only company a company role can choose.
  const ownCompany = isSystemRole(activeRole.user_role_type_id) ? null : activeRole.company_id;
  const companyId = ownCompany ?? value.companyId;
  return (
    <Stack
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {ownCompany === null && (
        <LevelPicker
          level="company"
          parentId={null}
          label={t('micrometers.fields.company')}
          value={value.companyId}
          disabled={disabled}
          testId={`${idPrefix}pick-company`}
          onChange={(id) => onChange({ ...NO_PLACE, companyId: id })}
        />
      )}
      <LevelPicker
        level="property"
        parentId={companyId}
        label={t('micrometers.fields.property')}
        value={value.propertyId}
        disabled={disabled}
        testId={`${idPrefix}pick-property`}
        onChange={(id) => onChange({ ...NO_PLACE, companyId, propertyId: id })}
      />
      <LevelPicker
        level="building"
        parentId={value.propertyId}
        label={t('micrometers.fields.building')}
        value={value.buildingId}
        disabled={disabled}
        testId={`${idPrefix}pick-building`}
        onChange={(id) => onChange({ ...value, companyId, buildingId: id, unitId: null })}
      />
      {down === 'unit' && (
        <LevelPicker
          level="unit"
          parentId={value.buildingId}
          label={t('micrometers.fields.unit')}
          value={value.unitId}
          disabled={disabled}
          testId={`${idPrefix}pick-unit`}
          onChange={(id) => onChange({ ...value, unitId: id })}
        />
      )}
    </Stack>
  );
}

type LevelPickerProps = {
  level: PlaceNameLevel;
  parentId: number | null;
  label: string;
  value: number | null;
  disabled: boolean | undefined;
  testId: string;
  onChange: (id: number | null) => void;
};

function LevelPicker({
  level,
  parentId,
  label,
  value,
  disabled,
  testId,
  onChange,
}: LevelPickerProps) {
  const { t } = useTranslation();
  const options = usePlaceNames(level, parentId);
  const rows: PlaceName[] = options.data ?? [];
  const waiting = level !== 'company' && parentId === null;
  return (
    <Autocomplete
      options={rows}
      value={rows.find((option) => option.id === value) ?? null}
      onChange={(_event, option) => onChange(option?.id ?? null)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={options.isFetching}
      disabled={disabled === true || waiting}
      loadingText={t('common.loading')}
      noOptionsText={t('micrometers.pickers.noOptions')}
      fullWidth
      slotProps={{ listbox: { sx: { maxHeight: '10rem' } } }}
      data-testid={testId}
      renderInput={(params) => <TextField {...params} label={label} required />}
    />
  );
}
