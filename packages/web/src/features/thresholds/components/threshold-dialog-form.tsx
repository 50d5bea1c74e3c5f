// The form inside both threshold dialogs: the title, what the default is, the server's refusal
// (kept in the open dialog so the value can be corrected), the fields, and the actions row.
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '@/components/dialogs/form-dialog';
import { useThresholdError } from '../utils/threshold-messages';
import {
  ThresholdDialogActions,
  type ThresholdDialogActionsProps,
} from './threshold-dialog-actions';

export type ThresholdDialogFormProps = Omit<ThresholdDialogActionsProps, 'pending' | 'onClose'> & {
  title: string;
  /** What applies when the company sets nothing. */
  defaultText: string;
  onSubmit: () => void;
  onClose: () => void;
  /** The save call: its refusal shows above the fields; the buttons are off while it runs. */
  save: { isPending: boolean; isError: boolean; error: unknown };
  errorTestId: string;
  children: ReactNode;
};

export function ThresholdDialogForm({
  title,
  defaultText,
  onSubmit,
  onClose,
  save,
  errorTestId,
  children,
  ...actions
}: ThresholdDialogFormProps) {
  const { t } = useTranslation();
  const describeError = useThresholdError();
  return (
    <DialogForm
      title={title}
      onSubmit={onSubmit}
      actions={<ThresholdDialogActions {...actions} pending={save.isPending} onClose={onClose} />}
    >
      <Stack spacing={2}>
        <DialogContentText variant="body2">{defaultText}</DialogContentText>
        {save.isError && (
          <Alert severity="error" role="alert" data-testid={errorTestId}>
            {t('thresholds.failed', { reason: describeError(save.error) })}
          </Alert>
        )}
        {children}
      </Stack>
    </DialogForm>
  );
}
