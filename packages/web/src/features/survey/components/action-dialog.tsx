// The dialog every survey, installer and shipping write is confirmed in: a title, the form or the
// question, the server's refusal when it refuses (kept open so nothing typed is lost), Cancel and
// the action's own button.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogActions, FormDialogTitle } from '@/components/dialogs/form-dialog';
import { errorMessages } from '@/lib/api-error';

export type ActionDialogProps = {
  title: string;
  confirmLabel: string;
  busy: boolean;
  /** The failed call's error, shown as the server worded it. */
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
  'data-testid'?: string;
};

export function ActionDialog({
  title,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  children,
  'data-testid': testId,
}: ActionDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      busy={busy}
      fullScreen={phone}
      maxWidth="sm"
      data-testid={testId}
    >
      {/* `display: contents` keeps the dialog's own layout (a scrolling content between title and buttons). */}
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
        <FormDialogTitle>{title}</FormDialogTitle>
        <DialogContent>
          {error !== null && error !== undefined && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="action-refusal">
              {errorMessages(error).join(' ')}
            </Alert>
          )}
          {children}
        </DialogContent>
        <FormDialogActions
          cancelLabel={t('survey.cancel')}
          submitLabel={confirmLabel}
          onCancel={onClose}
          submitTestId="action-confirm"
        />
      </Box>
    </FormDialog>
  );
}
