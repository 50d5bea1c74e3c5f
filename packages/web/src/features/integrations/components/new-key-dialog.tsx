// Naming a new integration key (e.g. the network server it is for) and choosing its scope: the whole
// fleet (the provider's network server) or one company, whose micrometers alone it may then write.
// The server's refusal shows in the dialog, which stays open to correct it.
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog, FormDialogActions } from '@/components/dialogs/form-dialog';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useCompanyNames } from '@/lib/place-names';
import { type CreatedIntegrationKey, useCreateIntegrationKey } from '../api/create-integration-key';

// The server allows 80 characters (integration-keys schemas).
export const KEY_NAME_MAX_LENGTH = 80;

export type NewKeyDialogProps = {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedIntegrationKey) => void;
};

export function NewKeyDialog({ open, onClose, onCreated }: NewKeyDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const create = useCreateIntegrationKey();
  const companies = useCompanyNames(open);
  const [name, setName] = useState('');
  /** The chosen company's id, or '' for the whole fleet. */
  const [scope, setScope] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const problem =
    trimmed === ''
      ? t('integrations.create.nameRequired')
      : trimmed.length > KEY_NAME_MAX_LENGTH
        ? t('integrations.create.nameTooLong', { max: KEY_NAME_MAX_LENGTH })
        : null;

  const submit = () => {
    setTouched(true);
    if (problem !== null) return;
    create.mutate(
      { name: trimmed, company_id: scope === '' ? null : Number(scope) },
      { onSuccess: onCreated },
    );
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={create.isPending}
      maxWidth="xs"
      data-testid="new-key-dialog"
      onExited={() => {
        setName('');
        setScope('');
        setTouched(false);
        create.reset();
      }}
    >
      <DialogForm
        title={t('integrations.create.title')}
        onSubmit={submit}
        actions={
          <FormDialogActions
            cancelLabel={t('integrations.create.cancel')}
            submitLabel={t('integrations.create.submit')}
            onCancel={onClose}
          />
        }
      >
        <DialogContentText sx={{ mb: 2 }}>{t('integrations.create.intro')}</DialogContentText>
        {create.isError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {errorMessages(create.error).map(translate).join(' ')}
          </Alert>
        )}
        <TextField
          autoFocus
          fullWidth
          required
          label={t('integrations.create.name')}
          placeholder={t('integrations.create.namePlaceholder')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && problem !== null}
          helperText={touched ? problem : null}
        />
        <TextField
          select
          fullWidth
          label={t('integrations.create.scope')}
          value={scope}
          onChange={(event) => setScope(event.target.value)}
          helperText={
            companies.isError
              ? t('integrations.create.companiesError')
              : t('integrations.create.scopeHelp')
          }
          sx={{ mt: 2 }}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'key-scope' },
          }}
        >
          <option value="">{t('integrations.scope.fleet')}</option>
          {(companies.data ?? []).map((company) => (
            <option key={company.id} value={String(company.id)}>
              {company.name}
            </option>
          ))}
        </TextField>
      </DialogForm>
    </FormDialog>
  );
}
