// Adding a company's Flume account: the company (set and hidden for a company admin, whose
// company it is), a name, the client ID and secret of Flume's API access, and the Flume user's
// email and password. The secret and password are password fields, sent once and never shown
// again. Flume checks the credentials before anything is stored: its refusal (400), a Flume user
// already added (409) or Flume asking to wait (429) shows in the dialog, which stays open.
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog, FormDialogActions } from '@/components/dialogs/form-dialog';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useCompanyNames } from '@/lib/place-names';
import { type NewFlumeAccount, useCreateFlumeAccount } from '../api/create-flume-account';
import type { FlumeAccount } from '../api/get-flume-accounts';

export type AddAccountDialogProps = {
  open: boolean;
  /** The caller's own company (a company admin's): set, and the picker hidden. */
  fixedCompanyId: number | null;
  onClose: () => void;
  onAdded: (account: FlumeAccount) => void;
};

type Field = 'name' | 'clientId' | 'clientSecret' | 'email' | 'password';
const FIELDS: readonly Field[] = ['name', 'clientId', 'clientSecret', 'email', 'password'];
const EMPTY: Record<Field, string> = {
  name: '',
  clientId: '',
  clientSecret: '',
  email: '',
  password: '',
};

// The server's limits (flume.schemas.ts).
const MAX_LENGTH: Record<Field, number> = {
  name: 120,
  clientId: 200,
  clientSecret: 500,
  email: 200,
  password: 500,
};
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function AddAccountDialog({
  open,
  fixedCompanyId,
  onClose,
  onAdded,
}: AddAccountDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const create = useCreateFlumeAccount();
  const companies = useCompanyNames(open && fixedCompanyId === null);
  const [values, setValues] = useState(EMPTY);
  const [company, setCompany] = useState('');
  const [touched, setTouched] = useState(false);

  const companyId = fixedCompanyId ?? (company === '' ? null : Number(company));
  const problems: Partial<Record<Field | 'company', string>> = {};
  if (companyId === null) problems.company = t('flume.create.companyRequired');
  for (const field of FIELDS) {
    const value = field === 'password' ? values[field] : values[field].trim();
    if (value === '') problems[field] = t('flume.create.required');
    else if (value.length > MAX_LENGTH[field])
      problems[field] = t('flume.create.tooLong', { max: MAX_LENGTH[field] });
  }
  if (problems.email === undefined && !EMAIL.test(values.email.trim()))
    problems.email = t('flume.create.emailInvalid');

  const submit = () => {
    setTouched(true);
    if (companyId === null || Object.keys(problems).length > 0) return;
    const body: NewFlumeAccount = {
      company_id: companyId,
      name: values.name.trim(),
      client_id: values.clientId.trim(),
      client_secret: values.clientSecret.trim(),
      username: values.email.trim(),
      password: values.password,
    };
    create.mutate(body, { onSuccess: onAdded });
  };

  const field = (name: Field) => ({
    fullWidth: true,
    required: true,
    label: t(`flume.create.${name}`),
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((previous) => ({ ...previous, [name]: event.target.value })),
    error: touched && problems[name] !== undefined,
    helperText: touched ? problems[name] : undefined,
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={create.isPending}
      maxWidth="sm"
      data-testid="flume-add-dialog"
      // Nothing typed, the secrets least of all, outlives the dialog.
      onExited={() => {
        setValues(EMPTY);
        setCompany('');
        setTouched(false);
        create.reset();
      }}
    >
      <DialogForm
        title={t('flume.create.title')}
        onSubmit={submit}
        autoComplete="off"
        actions={
          <FormDialogActions
            cancelLabel={t('flume.create.cancel')}
            submitLabel={t('flume.create.submit')}
            onCancel={onClose}
          />
        }
      >
        <DialogContentText sx={{ mb: 2 }}>{t('flume.create.intro')}</DialogContentText>
        {create.isError && (
          <Alert
            severity="error"
            role="alert"
            sx={{ mb: 2, whiteSpace: 'pre-line' }}
            data-testid="flume-add-error"
          >
            {errorMessages(create.error).map(translate).join('\n')}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          {fixedCompanyId === null && (
            <TextField
              select
              fullWidth
              required
              autoFocus
              label={t('flume.create.company')}
              value={company}
              onChange={(event) => setCompany(event.target.value)}
              error={(touched && problems.company !== undefined) || companies.isError}
              helperText={
                companies.isError
                  ? t('flume.create.companiesError')
                  : touched
                    ? problems.company
                    : undefined
              }
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{t('flume.create.chooseCompany')}</option>
              {(companies.data ?? []).map((option) => (
                <option key={option.id} value={String(option.id)}>
                  {option.name}
                </option>
              ))}
            </TextField>
          )}
          <TextField
            {...field('name')}
            autoFocus={fixedCompanyId !== null}
            placeholder={t('flume.create.namePlaceholder')}
          />
          <TextField
            {...field('clientId')}
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
          />
          <TextField
            {...field('clientSecret')}
            type="password"
            slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
          />
          <TextField
            {...field('email')}
            type="email"
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
          />
          <TextField
            {...field('password')}
            type="password"
            slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
          />
        </Stack>
      </DialogForm>
    </FormDialog>
  );
}
