// Bulk actions on an alert list: the bar over a selection — how many are selected,
// "Select all N matching the filters", "On it" and "Fixed it", clear — and the confirmation that
// names the count ("Acknowledge 12 alerts?") with one optional note, as the single alert's dialog
// takes it. Its answer: "12 alerts acknowledged" in the snackbar, or, when some were refused, the
// list of those alerts with the server's words for each.
import { GENERIC_ERROR_MESSAGE } from '@flowsight/domain/constants';
import { NotificationStatus } from '@flowsight/domain/lookups';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPanel, FormDialog } from '@/components/dialogs/form-dialog';
import { confirmationNote } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { type BulkStatusResult, useSetAlertsStatus } from '../api/alert-actions';
import { StatusButton } from './status-button';

export type BulkStatus = typeof NotificationStatus.Acknowledged | typeof NotificationStatus.Closed;

export type AlertBulkBarProps = {
  /** How many alerts are selected. */
  count: number;
  /** How many alerts match the filters (all pages). */
  total: number;
  /** Every alert matching the filters is selected (not only some of this page). */
  allMatching: boolean;
  /** Whether to offer selecting every matching alert (the whole page is selected). */
  offerAll: boolean;
  selectingAll: boolean;
  /** Why selecting every matching alert failed, in words. */
  selectAllError: string | null;
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (status: BulkStatus) => void;
  /** Before the count on phones: the page's checkbox. */
  lead?: ReactNode;
};

export function AlertBulkBar({
  count,
  total,
  allMatching,
  offerAll,
  selectingAll,
  selectAllError,
  onSelectAll,
  onClear,
  onAction,
  lead,
}: AlertBulkBarProps) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('alerts.bulk.region')}
      data-testid="alerts-bulk-bar"
      sx={{ px: 1.5, py: 1, bgcolor: 'action.selected' }}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        {lead}
        <Typography sx={{ fontWeight: 600 }} aria-live="polite" data-testid="alerts-bulk-count">
          {allMatching && count < total
            ? t('alerts.bulk.firstSelected', { count, total })
            : t('alerts.bulk.selected', { count })}
        </Typography>
        {offerAll && !allMatching && total > count && (
          <Button size="small" loading={selectingAll} onClick={onSelectAll}>
            {t('alerts.bulk.selectAll', { count: total })}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {count > 0 && (
          <>
            <StatusButton
              action="onIt"
              variant="contained"
              onClick={() => onAction(NotificationStatus.Acknowledged)}
            />
            <StatusButton
              action="fixedIt"
              variant="contained"
              onClick={() => onAction(NotificationStatus.Closed)}
            />
          </>
        )}
        <Button size="small" onClick={onClear}>
          {t('alerts.bulk.clear')}
        </Button>
      </Stack>
      {selectAllError !== null && (
        <Alert severity="error" role="alert" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {selectAllError}
        </Alert>
      )}
    </Paper>
  );
}

export type AlertBulkDialogProps = {
  status: BulkStatus;
  ids: readonly number[];
  onClose: () => void;
  /** After the server answered (some or all changed): the selection is cleared. */
  onDone: () => void;
};

const keyOf = (status: BulkStatus) =>
  status === NotificationStatus.Acknowledged ? 'acknowledge' : 'close';

export function AlertBulkDialog({ status, ids, onClose, onDone }: AlertBulkDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const mutation = useSetAlertsStatus();
  const [note, setNote] = useState('');
  const [result, setResult] = useState<BulkStatusResult | null>(null);
  const key = keyOf(status);
  const count = ids.length;
  const doneText = (changed: number) =>
    changed === 1
      ? t(`alerts.bulk.${key}.doneOne`)
      : t(`alerts.bulk.${key}.done`, { count: changed });

  const confirm = () =>
    mutation.mutate(
      { ids, statusId: status, note: confirmationNote(note) },
      {
        onSuccess: (answer) => {
          onDone();
          if (answer.failed.length === 0) {
            showMessage(doneText(answer.changed.length), 'success');
            onClose();
          } else {
            setResult(answer);
          }
        },
      },
    );

  const failure = mutation.isError
    ? [
        t('alerts.bulk.failed'),
        ...errorMessages(mutation.error)
          .filter((text) => text !== GENERIC_ERROR_MESSAGE)
          .map(translate),
      ].join('\n')
    : null;

  return (
    <FormDialog
      open
      onClose={onClose}
      busy={mutation.isPending}
      maxWidth="xs"
      data-testid="alerts-bulk-dialog"
    >
      <DialogPanel
        title={
          result !== null
            ? t('alerts.bulk.resultTitle')
            : count === 1
              ? t(`alerts.bulk.${key}.titleOne`)
              : t(`alerts.bulk.${key}.title`, { count })
        }
      >
        {result === null ? (
          <>
            <DialogContentText>{t(`alerts.bulk.${key}.text`, { count })}</DialogContentText>
            <TextField
              label={t('alerts.dialog.noteLabel')}
              placeholder={t('alerts.dialog.notePlaceholder')}
              multiline
              minRows={3}
              fullWidth
              margin="normal"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 2000 } }}
            />
            {failure !== null && (
              <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
                {failure}
              </Alert>
            )}
          </>
        ) : (
          <Stack spacing={1.5} data-testid="alerts-bulk-result">
            {result.changed.length > 0 && (
              <Alert severity="success">{doneText(result.changed.length)}</Alert>
            )}
            <Alert severity="error" role="alert">
              {t('alerts.bulk.someFailed', { count: result.failed.length })}
            </Alert>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={t('alerts.bulk.failedList')}>
              {result.failed.map((failed) => (
                <li key={failed.id}>
                  {t('alerts.bulk.failedAlert', {
                    id: failed.id,
                    reason: translate(failed.message),
                  })}
                </li>
              ))}
            </Box>
          </Stack>
        )}
      </DialogPanel>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {result === null ? (
          <>
            <Button onClick={onClose} disabled={mutation.isPending}>
              {t('alerts.dialog.cancel')}
            </Button>
            <Button
              variant="contained"
              color={status === NotificationStatus.Closed ? 'success' : 'primary'}
              loading={mutation.isPending}
              onClick={confirm}
            >
              {t(`alerts.bulk.${key}.confirm`)}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('alerts.dialog.close')}
          </Button>
        )}
      </DialogActions>
    </FormDialog>
  );
}
