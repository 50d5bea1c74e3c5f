// Create a building in a property or change one: name, floors, building and installation types
// and address. Checked with the domain's schema before it is sent.
import { buildingInputSchema, buildingUpdateSchema } from '@flowsight/domain/portfolio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BuildingDetail } from '../api/get-records';
import { useSaveBuilding } from '../api/save-building';
import { useLookupOptions } from '../utils/lookup-labels';
import { useTranslatePortfolioMessage } from '../utils/portfolio-messages';
import { numberOrNull, schemaResolver } from '../utils/schema-resolver';
import {
  AddressFields,
  FormDialog,
  fieldHelpers,
  LookupSelect,
  type Place,
  useSavedRecord,
} from './form-fields';

type BuildingForm = Place & {
  name: string;
  floors: string;
  building_type_id: number | null;
  installation_type_id: number | null;
  street: string;
  postal: string;
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
    street: values.street,
    postal: values.postal,
    city_id: values.city_id,
  };
}

export function BuildingFormDialog({
  building,
  property,
  onClose,
  onCreated,
}: BuildingFormDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslatePortfolioMessage();
  const done = useSavedRecord(onClose, onCreated);
  const save = useSaveBuilding();
  const typeOptions = useLookupOptions('buildingTypes');
  const installationOptions = useLookupOptions('installationTypes');
  const { register, handleSubmit, watch, setValue, formState } = useForm<BuildingForm>({
    defaultValues: {
      name: building?.name ?? '',
      floors: building?.floors === null || building === null ? '' : String(building.floors),
      building_type_id: building?.building_type_id ?? null,
      installation_type_id: building?.installation_type_id ?? null,
      street: building?.street ?? '',
      postal: building?.postal ?? '',
      country_id: building?.country_id ?? null,
      state_id: building?.state_id ?? null,
      city_id: building?.city_id ?? null,
    },
    resolver: schemaResolver(
      building === null ? buildingInputSchema : buildingUpdateSchema,
      (values: BuildingForm) => ({
        ...bodyOf(values),
        ...(property === undefined ? {} : { property_id: property.id }),
      }),
    ),
  });
  const { problem, text } = fieldHelpers(register, formState.errors, (_name, message) =>
    translate(message),
  );
  const [countryId, stateId, cityId, typeId, installationId] = watch([
    'country_id',
    'state_id',
    'city_id',
    'building_type_id',
    'installation_type_id',
  ]);
  const revalidate = { shouldValidate: formState.isSubmitted, shouldDirty: true };

  const onSubmit = handleSubmit((values) => {
    if (building === null) {
      save.mutate(
        {
          id: null,
          values: buildingInputSchema.parse({ ...bodyOf(values), property_id: property.id }),
        },
        { onSuccess: done.created },
      );
    } else {
      save.mutate(
        { id: building.id, values: buildingUpdateSchema.parse(bodyOf(values)) },
        { onSuccess: done.saved },
      );
    }
  });

  return (
    <FormDialog
      title={
        building === null
          ? t('portfolio.forms.newBuilding', { parent: property.name })
          : t('portfolio.forms.editBuilding')
      }
      submitLabel={building === null ? t('portfolio.actions.create') : t('portfolio.actions.save')}
      busy={save.isPending}
      error={save.error}
      onSubmit={onSubmit}
      onClose={onClose}
      data-testid="building-form"
    >
      <TextField {...text('name')} label={t('portfolio.forms.name')} required autoFocus />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <LookupSelect
          label={t('portfolio.forms.buildingType')}
          options={typeOptions}
          value={typeId}
          onChange={(id) => setValue('building_type_id', id, revalidate)}
          optional
          error={problem('building_type_id')}
        />
        <LookupSelect
          label={t('portfolio.forms.installationType')}
          options={installationOptions}
          value={installationId}
          onChange={(id) => setValue('installation_type_id', id, revalidate)}
          optional
          error={problem('installation_type_id')}
        />
      </Stack>
      <TextField
        {...text('floors')}
        label={t('portfolio.forms.floors')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ maxWidth: { sm: 240 } }}
      />
      <AddressFields
        text={text}
        problem={problem}
        place={{ country_id: countryId, state_id: stateId, city_id: cityId }}
        setPlace={(place) => {
          for (const key of ['country_id', 'state_id', 'city_id'] as const) {
            setValue(key, place[key], revalidate);
          }
        }}
      />
    </FormDialog>
  );
}
