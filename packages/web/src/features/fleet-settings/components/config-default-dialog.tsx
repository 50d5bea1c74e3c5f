// Setting one configuration parameter's default (system admins): a whole number inside the
// parameter's range, checked by the domain's rule as the admin types.
import { configDefaultProblem } from '@flowsight/domain/fleet-settings';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/form-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import type { ConfigDefault } from '../api/get-config-defaults';
import { useUpdateConfigDefault } from '../api/update-config-default';
import { FleetDialogForm } from './fleet-dialog-form';

export type ConfigDefaultDialogProps = {
  /** The parameter being edited; null closes the dialog. */
  param: ConfigDefault | null;
  /** The parameter's name in the interface language. */
  name: string;
  onClose: () => void;
};

export function ConfigDefaultDialog({ param, name, onClose }: ConfigDefaultDialogProps) {
  return (
    <FormDialog
      open={param !== null}
      onClose={onClose}
      maxWidth="xs"
      data-testid="config-default-dialog"
    >
      {param && <ConfigDefaultForm key={param.id} param={param} name={name} onClose={onClose} />}
    </FormDialog>
  );
}

type ConfigDefaultFormProps = { param: ConfigDefault; name: string; onClose: () => void };

function ConfigDefaultForm({ param, name, onClose }: ConfigDefaultFormProps) {
  const { t } = useTranslation();
  const { showMessage } = useSnackbar();
  const update = useUpdateConfigDefault();
  const [text, setText] = useState(String(param.value));
  const value = /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  const range = { name, min: param.min_value, max: param.max_value };
  const problem =
    configDefaultProblem(range, value) === null
      ? null
      : t('fleetSettings.messages.configRange', range);
  const changed = value !== param.value;

  const submit = () => {
    if (problem !== null || !changed) return;
    update.mutate(
      { id: param.id, value },
      {
        onSuccess: () => {
          showMessage(t('fleetSettings.configDefaults.saved', { name, value }), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <FleetDialogForm
      title={t('fleetSettings.configDefaults.dialogTitle', { name })}
      onSubmit={submit}
      onCancel={onClose}
      save={update}
      saveDisabled={problem !== null || !changed}
      saveTestId="config-default-save"
    >
      <TextField
        label={t('fleetSettings.configDefaults.valueLabel', { unit: param.unit })}
        value={text}
        onChange={(event) => {
          update.reset();
          setText(event.target.value);
        }}
        error={problem !== null}
        helperText={
          problem ??
          t('fleetSettings.configDefaults.valueHelp', {
            min: param.min_value,
            max: param.max_value,
          })
        }
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        autoFocus
        fullWidth
      />
    </FleetDialogForm>
  );
}
