// Create a building in a property or change one: name, floors, building and installation types
// and address. Checked with the domain's schema before it is sent.
import { buildingInputSchema, buildingUpdateSchema } from '@flowsight/domain/portfolio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { BuildingDetail } from '../api/get-records';
import { useSaveBuilding } from '../api/save-building';
import { useLookupOptions } from '../utils/lookup-labels';
import { numberOrNull } from '../utils/schema-resolver';
import { AddressFields } from './address-fields';
import { FormDialog, LookupSelect } from './form-fields';
import {
  type AddressForm,
  addressBinding,
  addressBody,
  addressDefaults,
  useRecordForm,
} from './record-form';

type BuildingForm = AddressForm & {
  name: string;
  floors: string;
  building_type_id: number | null;
  installation_type_id: number | null;
};

type Created = { id: number; company_id: number; property_id: number };

export type BuildingFormDialogProps =
  | {
      building: null;
      property: { id: number; name: string };
      onClose: () => void;
      onCreated?: (building: Created) => void;
    }
  | { building: BuildingDetail; property?: undefined; onClose: () => void; onCreated?: undefined };

function bodyOf(values: BuildingForm) {
  return {
    name: values.name,
    floors: numberOrNull(values.floors),
    building_type_id: values.building_type_id,
    installation_type_id: values.installation_type_id,
    ...addressBody(values),
  };
}

export function BuildingFormDialog({
  building,
  property,
  onClose,
  onCreated,
}: BuildingFormDialogProps) {
  const { t } = useTranslation();
  const typeOptions = useLookupOptions('buildingTypes');
  const installationOptions = useLookupOptions('installationTypes');
  const { form, problem, text, revalidate, choice, dialog } = useRecordForm({
    level: 'building',
    id: building?.id ?? null,
    parent: property && { name: property.name, ids: { property_id: property.id } },
    defaultValues: {
      name: building?.name ?? '',
      floors: building?.floors === null || building === null ? '' : String(building.floors),
      building_type_id: building?.building_type_id ?? null,
      installation_type_id: building?.installation_type_id ?? null,
      ...addressDefaults(building),
    },
    body: bodyOf,
    schemas: { create: buildingInputSchema, update: buildingUpdateSchema },
    save: useSaveBuilding(),
    onClose,
    onCreated,
  });

  return (
    <FormDialog {...dialog} data-testid="building-form">
      <TextField {...text('name')} label={t('portfolio.forms.name')} required autoFocus />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <LookupSelect
          label={t('portfolio.forms.buildingType')}
          options={typeOptions}
          {...choice('building_type_id')}
          optional
        />
        <LookupSelect
          label={t('portfolio.forms.installationType')}
          options={installationOptions}
          {...choice('installation_type_id')}
          optional
        />
      </Stack>
      <TextField
        {...text('floors')}
        label={t('portfolio.forms.floors')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ maxWidth: { sm: 240 } }}
      />
      <AddressFields text={text} problem={problem} {...addressBinding(form, revalidate)} />
    </FormDialog>
  );
}
