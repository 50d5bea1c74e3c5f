// Create a unit in a building or change one: name, floor, category, type, state and tenants.
// Checked with the domain's schema before it is sent.
import { UnitCategory } from '@flowsight/domain/lookups';
import { unitInputSchema, unitUpdateSchema } from '@flowsight/domain/portfolio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { UnitDetail } from '../api/get-records';
import { useSaveUnit } from '../api/save-unit';
import { useLookupOptions } from '../utils/lookup-labels';
import { numberOrNull } from '../utils/schema-resolver';
import { FormDialog, LookupSelect } from './form-fields';
import { useRecordForm } from './record-form';

type UnitForm = {
  name: string;
  floor: string;
  unit_category_id: number | null;
  unit_type_id: number | null;
  unit_state_id: number | null;
  tenants: string;
};

type Created = { id: number; company_id: number; property_id: number; building_id: number };

export type UnitFormDialogProps =
  | {
      unit: null;
      building: { id: number; name: string };
      onClose: () => void;
      onCreated?: (unit: Created) => void;
    }
  | { unit: UnitDetail; building?: undefined; onClose: () => void; onCreated?: undefined };

function bodyOf(values: UnitForm) {
  return {
    name: values.name,
    floor: numberOrNull(values.floor),
    unit_category_id: values.unit_category_id ?? 0,
    unit_type_id: values.unit_type_id,
    unit_state_id: values.unit_state_id,
    tenants: numberOrNull(values.tenants) ?? 0,
  };
}

export function UnitFormDialog({ unit, building, onClose, onCreated }: UnitFormDialogProps) {
  const { t } = useTranslation();
  const categoryOptions = useLookupOptions('unitCategories');
  const typeOptions = useLookupOptions('unitTypes');
  const stateOptions = useLookupOptions('unitStates');
  const { text, choice, dialog } = useRecordForm({
    level: 'unit',
    id: unit?.id ?? null,
    parent: building && { name: building.name, ids: { building_id: building.id } },
    defaultValues: {
      name: unit?.name ?? '',
      floor: unit?.floor === null || unit === null ? '' : String(unit.floor),
      unit_category_id: unit?.unit_category_id ?? UnitCategory.Internal,
      unit_type_id: unit?.unit_type_id ?? null,
      unit_state_id: unit?.unit_state_id ?? null,
      tenants: String(unit?.tenants ?? 0),
    },
    body: bodyOf,
    schemas: { create: unitInputSchema, update: unitUpdateSchema },
    save: useSaveUnit(),
    onClose,
    onCreated,
  });

  return (
    <FormDialog {...dialog} data-testid="unit-form">
      <TextField {...text('name')} label={t('portfolio.forms.name')} required autoFocus />
      <LookupSelect
        label={t('portfolio.forms.unitCategory')}
        options={categoryOptions}
        {...choice('unit_category_id')}
        required
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <LookupSelect
          label={t('portfolio.forms.unitType')}
          options={typeOptions}
          {...choice('unit_type_id')}
          optional
        />
        <LookupSelect
          label={t('portfolio.forms.unitState')}
          options={stateOptions}
          {...choice('unit_state_id')}
          optional
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <TextField
          {...text('floor')}
          label={t('portfolio.forms.floor')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          {...text('tenants')}
          label={t('portfolio.forms.tenants')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
    </FormDialog>
  );
}
