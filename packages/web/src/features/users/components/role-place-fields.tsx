// The place of a role being granted, by name: the company (required), then optionally one of its
// properties ("the whole company" when left empty) and one building of that property. Each list
// is the server's names in the caller's scope; the levels the caller's own role fixes show its
// place's name, not editable, so no grant reaches wider than the caller holds.
import type { SessionRole } from '@flowsight/domain/auth';
import { grantBounds } from '@flowsight/domain/role-grants';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { RecordPicker } from '@/components/record-picker';
import { usePlaceNames } from '@/lib/place-names';
import { type PickedLevel, placesOf, type RoleDraft } from '../utils/role-placement';

export type RolePlaceFieldsProps = {
  /** The levels offered, widest first (`levelsToPick`). */
  levels: readonly PickedLevel[];
  value: RoleDraft;
  onChange: (next: RoleDraft) => void;
  activeRole: SessionRole;
  showErrors: boolean;
};

const labelKey = {
  company: 'users.fields.company',
  property: 'users.fields.property',
  building: 'users.fields.building',
} as const;

/** A choice at `level`, and the levels below it cleared. */
function chosen(draft: RoleDraft, level: PickedLevel, id: number | null): RoleDraft {
  switch (level) {
    case 'company':
      return { ...draft, companyId: id, propertyId: null, buildingId: null };
    case 'property':
      return { ...draft, propertyId: id, buildingId: null };
    case 'building':
      return { ...draft, buildingId: id };
    default: {
      const unreachable: never = level;
      return unreachable;
    }
  }
}

export function RolePlaceFields({
  levels,
  value,
  onChange,
  activeRole,
  showErrors,
}: RolePlaceFieldsProps) {
  const bounds = grantBounds(activeRole);
  const places = placesOf(value, bounds);
  const fixed = {
    company: bounds.companyId !== null,
    property: bounds.propertyId !== null,
    building: bounds.buildingId !== null,
  };
  const ids = {
    company: places.companyId,
    property: places.propertyId,
    building: places.buildingId,
  };
  const parents = { company: null, property: places.companyId, building: places.propertyId };
  // The hint that the caller's place is fixed shows once, under its deepest fixed level.
  const deepestFixed = levels.findLast((level) => fixed[level]);
  return levels.map((level) =>
    fixed[level] ? (
      <FixedPlace
        key={level}
        level={level}
        name={activeRole[`${level}_name`]}
        hint={level === deepestFixed}
      />
    ) : (
      <PlacePicker
        key={level}
        level={level}
        parentId={parents[level]}
        value={ids[level]}
        showErrors={showErrors}
        onChange={(id) => onChange(chosen(value, level, id))}
      />
    ),
  );
}

type FixedPlaceProps = { level: PickedLevel; name: string | null; hint: boolean };

/** The caller's own place at `level`: shown, not editable. */
function FixedPlace({ level, name, hint }: FixedPlaceProps) {
  const { t } = useTranslation();
  return (
    <TextField
      fullWidth
      label={t(labelKey[level])}
      value={name ?? ''}
      helperText={hint ? t('users.place.fixed') : undefined}
      slotProps={{ input: { readOnly: true } }}
      data-testid={`role-${level}-fixed`}
    />
  );
}

type PlacePickerProps = {
  level: PickedLevel;
  /** The place above (null for a company): the list waits for it. */
  parentId: number | null;
  value: number | null;
  showErrors: boolean;
  onChange: (id: number | null) => void;
};

const emptyHint = {
  company: null,
  property: 'users.place.wholeCompany',
  building: 'users.place.wholeProperty',
} as const;

/** A searchable list of the names at `level` under the chosen place above it. */
function PlacePicker({ level, parentId, value, showErrors, onChange }: PlacePickerProps) {
  const { t } = useTranslation();
  const names = usePlaceNames(level, parentId);
  const missing = level === 'company' && value === null && showErrors;
  const hint = emptyHint[level];
  const helperText = names.isError
    ? t('users.place.loadFailed')
    : missing
      ? t('users.place.companyRequired')
      : value === null && hint !== null
        ? t(hint)
        : undefined;
  return (
    <RecordPicker
      label={t(labelKey[level])}
      options={names.data ?? []}
      value={value}
      onChange={onChange}
      loading={names.isFetching}
      disabled={level !== 'company' && parentId === null}
      required={level === 'company'}
      loadingText={t('common.loading')}
      noOptionsText={t('users.place.noOptions')}
      helperText={helperText}
      error={names.isError || missing}
      data-testid={`role-${level}`}
    />
  );
}
