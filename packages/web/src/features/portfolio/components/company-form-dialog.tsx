// Create or change a company: name, type and the micrometer-assignment flag (provider staff
// only), phone, email and address. Checked with the domain's schema before it is sent.
import { CompanyType } from '@flowsight/domain/lookups';
import { companyInputSchema, companyUpdateSchema } from '@flowsight/domain/portfolio';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { CompanyDetail } from '../api/get-records';
import { useSaveCompany } from '../api/save-company';
import { useLookupOptions } from '../utils/lookup-labels';
import { AddressFields } from './address-fields';
import { FormDialog, LookupSelect } from './form-fields';
import {
  type AddressForm,
  addressBinding,
  addressBody,
  addressDefaults,
  useRecordForm,
} from './record-form';

type CompanyForm = AddressForm & {
  name: string;
  company_type_id: number | null;
  allow_assignment: boolean;
  phone: string;
  email: string;
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
    ...addressBody(values),
  };
}

export function CompanyFormDialog({
  company,
  staffFields,
  onClose,
  onCreated,
}: CompanyFormDialogProps) {
  const { t } = useTranslation();
  const typeOptions = useLookupOptions('companyTypes');
  const { form, problem, text, revalidate, choice, dialog } = useRecordForm({
    level: 'company',
    id: company?.id ?? null,
    defaultValues: {
      name: company?.name ?? '',
      company_type_id: company?.company_type_id ?? CompanyType.PropertyManagement,
      allow_assignment: company?.allow_assignment ?? false,
      phone: company?.phone ?? '',
      email: company?.email ?? '',
      ...addressDefaults(company),
    },
    body: (values: CompanyForm) => bodyOf(values, staffFields),
    schemas: { create: companyInputSchema, update: companyUpdateSchema },
    save: useSaveCompany(),
    onClose,
    onCreated,
  });
  const allowAssignment = form.watch('allow_assignment');

  return (
    <FormDialog {...dialog} data-testid="company-form">
      <TextField {...text('name')} label={t('portfolio.forms.name')} required autoFocus />
      {staffFields && (
        <>
          <LookupSelect
            label={t('portfolio.forms.companyType')}
            options={typeOptions}
            {...choice('company_type_id')}
            required
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={allowAssignment}
                onChange={(event) =>
                  form.setValue('allow_assignment', event.target.checked, revalidate)
                }
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
      <AddressFields text={text} problem={problem} {...addressBinding(form, revalidate)} />
    </FormDialog>
  );
}
