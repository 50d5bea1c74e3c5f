// Create or change a company: name, type and the micrometer-assignment flag (provider staff
// only), phone, email and address. Checked with the domain's schema before it is sent.
import { CompanyType } from '@flowsight/domain/lookups';
import { companyInputSchema, companyUpdateSchema } from '@flowsight/domain/portfolio';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CompanyDetail } from '../api/get-records';
import { useSaveCompany } from '../api/save-company';
import { useLookupOptions } from '../utils/lookup-labels';
import { useTranslatePortfolioMessage } from '../utils/portfolio-messages';
import { schemaResolver } from '../utils/schema-resolver';
import {
  AddressFields,
  FormDialog,
  fieldHelpers,
  LookupSelect,
  type Place,
  useSavedRecord,
} from './form-fields';

type CompanyForm = Place & {
  name: string;
  company_type_id: number | null;
  allow_assignment: boolean;
  phone: string;
  email: string;
  street: string;
  postal: string;
};

export type CompanyFormDialogProps = {
  /** The company to change; null creates one. */
  company: CompanyDetail | null;
  /** Whether the type and the assignment flag may be set (provider staff). */
  staffFields: boolean;
  onClose: () => void;
  onCreated?: (company: { id: number; name: string }) => void;
};

function bodyOf(values: CompanyForm, staffFields: boolean) {
  return {
    name: values.name,
    ...(staffFields
      ? { company_type_id: values.company_type_id ?? 0, allow_assignment: values.allow_assignment }
      : {}),
    phone: values.phone,
    email: values.email,
    street: values.street,
    postal: values.postal,
    city_id: values.city_id,
  };
}

export function CompanyFormDialog({
  company,
  staffFields,
  onClose,
  onCreated,
}: CompanyFormDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslatePortfolioMessage();
  const done = useSavedRecord(onClose, onCreated);
  const save = useSaveCompany();
  const typeOptions = useLookupOptions('companyTypes');
  const schema = company === null ? companyInputSchema : companyUpdateSchema;
  const { register, handleSubmit, watch, setValue, formState } = useForm<CompanyForm>({
    defaultValues: {
      name: company?.name ?? '',
      company_type_id: company?.company_type_id ?? CompanyType.PropertyManagement,
      allow_assignment: company?.allow_assignment ?? false,
      phone: company?.phone ?? '',
      email: company?.email ?? '',
      street: company?.street ?? '',
      postal: company?.postal ?? '',
      country_id: company?.country_id ?? null,
      state_id: company?.state_id ?? null,
      city_id: company?.city_id ?? null,
    },
    resolver: schemaResolver(schema, (values: CompanyForm) => bodyOf(values, staffFields)),
  });
  const { problem, text } = fieldHelpers(register, formState.errors, (_name, message) =>
    translate(message),
  );
  const [countryId, stateId, cityId, typeId, allowAssignment] = watch([
    'country_id',
    'state_id',
    'city_id',
    'company_type_id',
    'allow_assignment',
  ]);
  const revalidate = { shouldValidate: formState.isSubmitted, shouldDirty: true };

  const onSubmit = handleSubmit((values) => {
    if (company === null) {
      save.mutate(
        { id: null, values: companyInputSchema.parse(bodyOf(values, staffFields)) },
        { onSuccess: done.created },
      );
    } else {
      save.mutate(
        { id: company.id, values: companyUpdateSchema.parse(bodyOf(values, staffFields)) },
        { onSuccess: done.saved },
      );
    }
  });

  return (
    <FormDialog
      title={company === null ? t('portfolio.forms.newCompany') : t('portfolio.forms.editCompany')}
      submitLabel={company === null ? t('portfolio.actions.create') : t('portfolio.actions.save')}
      busy={save.isPending}
      error={save.error}
      onSubmit={onSubmit}
      onClose={onClose}
      data-testid="company-form"
    >
      <TextField {...text('name')} label={t('portfolio.forms.name')} required autoFocus />
      {staffFields && (
        <>
          <LookupSelect
            label={t('portfolio.forms.companyType')}
            options={typeOptions}
            value={typeId}
            onChange={(id) => setValue('company_type_id', id, revalidate)}
            required
            error={problem('company_type_id')}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={allowAssignment}
                onChange={(event) => setValue('allow_assignment', event.target.checked, revalidate)}
              />
            }
            label={t('portfolio.forms.allowAssignment')}
          />
        </>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <TextField {...text('phone')} type="tel" label={t('portfolio.forms.phone')} />
        <TextField {...text('email')} type="email" label={t('portfolio.forms.email')} />
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
