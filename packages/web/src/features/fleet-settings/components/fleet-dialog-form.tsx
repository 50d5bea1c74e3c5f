// The form inside every fleet-settings dialog: its title, the server's refusal (translated, and
// kept in the open dialog so the admin can correct the value), the fields, Cancel and Save.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialogActions } from '@/components/dialogs/form-dialog';
import { errorMessages } from '@/lib/api-error';
import { useFleetMessage } from '../utils/messages';

export type FleetDialogFormProps = {
  title: string;
  onSubmit: () => void;
  onCancel: () => void;
  /** The save call: its refusal shows above the fields, and Cancel and Save are off while it runs. */
  save: { isPending: boolean; isError: boolean; error: unknown };
  /** Save is off until there is something valid to send. */
  saveDisabled: boolean;
  saveTestId: string;
  errorTestId?: string;
  children: ReactNode;
};

export function FleetDialogForm({
  title,
  onSubmit,
  onCancel,
  save,
  saveDisabled,
  saveTestId,
  errorTestId,
  children,
}: FleetDialogFormProps) {
  const { t } = useTranslation();
  const translate = useFleetMessage();
  return (
    <DialogForm
      title={title}
      onSubmit={onSubmit}
      actions={
        <FormDialogActions
          cancelLabel={t('fleetSettings.cancel')}
          submitLabel={t('fleetSettings.save')}
          onCancel={onCancel}
          busy={save.isPending}
          submitLoading={null}
          submitDisabled={saveDisabled || save.isPending}
          submitTestId={saveTestId}
          inset
        />
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {save.isError && (
          <Alert severity="error" role="alert" data-testid={errorTestId}>
            {t('fleetSettings.failed', {
              reason: errorMessages(save.error).map(translate).join(' '),
            })}
          </Alert>
        )}
        {children}
      </Stack>
    </DialogForm>
  );
}
