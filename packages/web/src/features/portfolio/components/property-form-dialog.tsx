// Create a property in a company or change one: name, type, time zone, water price and address.
// Checked with the domain's schema before it is sent.
import { propertyInputSchema, propertyUpdateSchema } from '@flowsight/domain/portfolio';
import { DEFAULT_WATER_PRICE_PER_KGAL } from '@flowsight/domain/water-cost';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { PropertyDetail } from '../api/get-records';
import { useSaveProperty } from '../api/save-property';
import { useLookupOptions } from '../utils/lookup-labels';
import { useTranslatePortfolioMessage } from '../utils/portfolio-messages';
import { numberOrNull } from '../utils/schema-resolver';
import { AddressFields } from './address-fields';
import { FormDialog, LookupSelect, TimezoneField } from './form-fields';
import {
  type AddressForm,
  addressBinding,
  addressBody,
  addressDefaults,
  useRecordForm,
} from './record-form';

type PropertyForm = AddressForm & {
  name: string;
  property_type_id: number | null;
  timezone_id: number | null;
  water_price_per_kgal: string;
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
    ...addressBody(values),
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
  const typeOptions = useLookupOptions('propertyTypes');
  const { form, problem, text, revalidate, choice, dialog } = useRecordForm({
    level: 'property',
    id: property?.id ?? null,
    parent: company && { name: company.name, ids: { company_id: company.id } },
    defaultValues: {
      name: property?.name ?? '',
      property_type_id: property?.property_type_id ?? null,
      timezone_id: property?.timezone_id ?? null,
      water_price_per_kgal: String(property?.water_price_per_kgal ?? DEFAULT_WATER_PRICE_PER_KGAL),
      ...addressDefaults(property),
    },
    body: bodyOf,
    schemas: { create: propertyInputSchema, update: propertyUpdateSchema },
    save: useSaveProperty(),
    onClose,
    onCreated,
    describe: (name, message) =>
      // A missing time zone fails as "not a positive id"; say what the person must do.
      name === 'timezone_id' ? t('portfolio.messages.timezoneRequired') : translate(message),
  });

  return (
    <FormDialog {...dialog} data-testid="property-form">
      <TextField {...text('name')} label={t('portfolio.forms.name')} required autoFocus />
      <LookupSelect
        label={t('portfolio.forms.propertyType')}
        options={typeOptions}
        {...choice('property_type_id')}
        optional
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <TimezoneField {...choice('timezone_id')} />
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
      <AddressFields text={text} problem={problem} {...addressBinding(form, revalidate)} />
    </FormDialog>
  );
}
