// Setting one configuration parameter's default (system admins): a whole number inside the
// parameter's range, checked by the domain's rule as the admin types.
import { configDefaultProblem } from '@flowsight/domain/fleet-settings';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { errorMessages } from '@/lib/api-error';
import type { ConfigDefault } from '../api/get-config-defaults';
import { useUpdateConfigDefault } from '../api/update-config-default';
import { useFleetMessage } from '../utils/messages';

export type ConfigDefaultDialogProps = {
  /** The parameter being edited; null closes the dialog. */
  param: ConfigDefault | null;
  /** The parameter's name in the interface language. */
  name: string;
  onClose: () => void;
};

export function ConfigDefaultDialog({ param, name, onClose }: ConfigDefaultDialogProps) {
  return (
    <Dialog
      open={param !== null}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      data-testid="config-default-dialog"
      aria-labelledby="config-default-dialog-title"
    >
      {param && <ConfigDefaultForm key={param.id} param={param} name={name} onClose={onClose} />}
    </Dialog>
  );
}

type ConfigDefaultFormProps = { param: ConfigDefault; name: string; onClose: () => void };

function ConfigDefaultForm({ param, name, onClose }: ConfigDefaultFormProps) {
  const { t } = useTranslation();
  const translate = useFleetMessage();
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
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogTitle id="config-default-dialog-title">
        {t('fleetSettings.configDefaults.dialogTitle', { name })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {update.isError && (
            <Alert severity="error" role="alert">
              {t('fleetSettings.failed', {
                reason: errorMessages(update.error).map(translate).join(' '),
              })}
            </Alert>
          )}
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
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('fleetSettings.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={problem !== null || !changed || update.isPending}
          data-testid="config-default-save"
        >
          {t('fleetSettings.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
