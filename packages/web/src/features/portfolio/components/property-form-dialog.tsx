// Create a property in a company or change one: name, type, time zone, water price and address.
// Checked with the domain's schema before it is sent.
import { propertyInputSchema, propertyUpdateSchema } from '@flowsight/domain/portfolio';
import { DEFAULT_WATER_PRICE_PER_KGAL } from '@flowsight/domain/water-cost';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PropertyDetail } from '../api/get-records';
import { useSaveProperty } from '../api/save-property';
import { useLookupOptions } from '../utils/lookup-labels';
import { useTranslatePortfolioMessage } from '../utils/portfolio-messages';
import { numberOrNull, schemaResolver } from '../utils/schema-resolver';
import {
  AddressFields,
  FormDialog,
  fieldHelpers,
  LookupSelect,
  type Place,
  TimezoneField,
  useSavedRecord,
} from './form-fields';

type PropertyForm = Place & {
  name: string;
  property_type_id: number | null;
  timezone_id: number | null;
  water_price_per_kgal: string;
  street: string;
  postal: string;
};

export type PropertyFormDialogProps =
  | {
      property: null;
      company: { id: number; name: string };
      onClose: () => void;
      onCreated?: (property: { id: number; company_id: number }) => void;
    }
  | { property: PropertyDetail; company?: undefined; onClose: () => void; onCreated?: undefined };

function bodyOf(values: PropertyForm) {
  return {
    name: values.name,
    property_type_id: values.property_type_id,
    // 0 is no time zone: the schema answers "Time zone is required"-like problems for it.
    timezone_id: values.timezone_id ?? 0,
    water_price_per_kgal: numberOrNull(values.water_price_per_kgal) ?? Number.NaN,
    street: values.street,
    postal: values.postal,
    city_id: values.city_id,
  };
}

export function PropertyFormDialog({
  property,
  company,
  onClose,
  onCreated,
}: PropertyFormDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslatePortfolioMessage();
  const done = useSavedRecord(onClose, onCreated);
  const save = useSaveProperty();
  const typeOptions = useLookupOptions('propertyTypes');
  const { register, handleSubmit, watch, setValue, formState } = useForm<PropertyForm>({
    defaultValues: {
      name: property?.name ?? '',
      property_type_id: property?.property_type_id ?? null,
      timezone_id: property?.timezone_id ?? null,
      water_price_per_kgal: String(property?.water_price_per_kgal ?? DEFAULT_WATER_PRICE_PER_KGAL),
      street: property?.street ?? '',
      postal: property?.postal ?? '',
      country_id: property?.country_id ?? null,
      state_id: property?.state_id ?? null,
      city_id: property?.city_id ?? null,
    },
    resolver: schemaResolver(
      property === null ? propertyInputSchema : propertyUpdateSchema,
      (values: PropertyForm) => ({
        ...bodyOf(values),
        ...(company === undefined ? {} : { company_id: company.id }),
      }),
    ),
  });
  const { problem, text } = fieldHelpers(register, formState.errors, (name, message) =>
    // A missing time zone fails as "not a positive id"; say what the person must do.
    name === 'timezone_id' ? t('portfolio.messages.timezoneRequired') : translate(message),
  );
  const [countryId, stateId, cityId, typeId, timezoneId] = watch([
    'country_id',
    'state_id',
    'city_id',
    'property_type_id',
    'timezone_id',
  ]);
  const revalidate = { shouldValidate: formState.isSubmitted, shouldDirty: true };

  const onSubmit = handleSubmit((values) => {
    if (property === null) {
      save.mutate(
        {
          id: null,
          values: propertyInputSchema.parse({ ...bodyOf(values), company_id: company.id }),
        },
        { onSuccess: done.created },
      );
    } else {
      save.mutate(
        { id: property.id, values: propertyUpdateSchema.parse(bodyOf(values)) },
        { onSuccess: done.saved },
      );
    }
  });

  return (
    <FormDialog
      title={
        property === null
          ? t('portfolio.forms.newProperty', { parent: company.name })
          : t('portfolio.forms.editProperty')
      }
      submitLabel={property === null ? t('portfolio.actions.create') : t('portfolio.actions.save')}
      busy={save.isPending}
      error={save.error}
      onSubmit={onSubmit}
      onClose={onClose}
      data-testid="property-form"
    >
      <TextField {...text('name')} label={t('portfolio.forms.name')} required autoFocus />
      <LookupSelect
        label={t('portfolio.forms.propertyType')}
        options={typeOptions}
        value={typeId}
        onChange={(id) => setValue('property_type_id', id, revalidate)}
        optional
        error={problem('property_type_id')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <TimezoneField
          value={timezoneId}
          onChange={(id) => setValue('timezone_id', id, revalidate)}
          error={problem('timezone_id')}
        />
        <TextField
          {...text('water_price_per_kgal')}
          label={t('portfolio.forms.waterPrice')}
          required
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          }}
        />
      </Stack>
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
