// A unit's tenants on its overview: the count, and for the roles that may set it (the access
// table's `PUT /units/{id}/tenants`) a "Change" button opening a one-field form, checked with the
// domain's schema before it is sent; the server's refusal shows in the form.
import { unitTenantsSchema } from '@flowsight/domain/portfolio';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useSignedInSession } from '@/lib/session';
import { useUnitTitle } from '@/lib/unit-title';
import type { UnitDetail } from '../api/get-records';
import { useSaveUnitTenants } from '../api/save-unit-tenants';
import { mayDo } from '../utils/access';
import { useFormatters } from '../utils/format';
import { useTranslatePortfolioMessage } from '../utils/portfolio-messages';
import { numberOrNull, schemaResolver } from '../utils/schema-resolver';
import { FormDialog, fieldHelpers } from './form-fields';

type TenantsForm = { tenants: string };

const bodyOf = (values: TenantsForm) => ({ tenants: numberOrNull(values.tenants) });

export type UnitTenantsProps = { unit: UnitDetail };

/** The tenants count, with "Change" for the roles that may set it. */
export function UnitTenants({ unit }: UnitTenantsProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { activeRole } = useSignedInSession();
  const [editing, setEditing] = useState(false);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span data-testid="unit-tenants">{format.count(unit.tenants)}</span>
      {mayDo(activeRole, 'editTenants') && (
        <Button size="small" onClick={() => setEditing(true)} data-testid="change-tenants">
          {t('portfolio.tenants.change')}
        </Button>
      )}
      {editing && <UnitTenantsDialog unit={unit} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

type UnitTenantsDialogProps = { unit: UnitDetail; onClose: () => void };

function UnitTenantsDialog({ unit, onClose }: UnitTenantsDialogProps) {
  const { t } = useTranslation();
  const unitTitle = useUnitTitle();
  const translate = useTranslatePortfolioMessage();
  const { showMessage } = useSnackbar();
  const save = useSaveUnitTenants();
  const { register, handleSubmit, formState } = useForm<TenantsForm>({
    defaultValues: { tenants: String(unit.tenants) },
    resolver: schemaResolver(unitTenantsSchema, bodyOf),
  });
  const { text } = fieldHelpers(register, formState.errors, (_name, message) => translate(message));
  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { id: unit.id, tenants: unitTenantsSchema.parse(bodyOf(values)).tenants },
      {
        onSuccess: () => {
          showMessage(t('portfolio.tenants.saved', { name: unitTitle(unit.name) }));
          onClose();
        },
      },
    ),
  );
  return (
    <FormDialog
      title={t('portfolio.tenants.title', { name: unitTitle(unit.name) })}
      submitLabel={t('portfolio.actions.save')}
      busy={save.isPending}
      error={save.error}
      onSubmit={onSubmit}
      onClose={onClose}
      data-testid="tenants-form"
    >
      <TextField
        {...text('tenants')}
        label={t('portfolio.forms.tenants')}
        type="number"
        autoFocus
        slotProps={{ htmlInput: { min: 0, max: 100, step: 1 } }}
      />
    </FormDialog>
  );
}
