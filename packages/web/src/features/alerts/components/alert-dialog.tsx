// The alert dialog (spec section 2, "Dialogs"): an open alert is titled 'Close Alert' and takes a
// note (label 'Note', placeholder 'Please enter note', 5 rows) with a cancel button and "Fixed
// it"; a closed one is titled 'Alert Note' and shows its note read-only. Both show what the alert
// is about: type, place, fixture, rate, monthly cost, first and last detection, status and who
// changed it. Full screen on phones.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormDialog, FormDialogTitle } from '@/components/dialogs/form-dialog';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import type { ActionableAlert } from '../api/alert-actions';
import { type Alert as AlertRecord, useAlert } from '../api/get-alert';
import { isOpenAlert, NO_VALUE, useAlertFormat, useAlertLabel } from '../utils/alert-format';
import { AlertIncident, DeviceAlertChips, useLastActionText } from './alert-action-parts';
import { AlertAssignField } from './alert-assign-field';
import { AlertSnooze } from './alert-snooze';
import { AlertStatusChip } from './alert-status-chip';
import { useAlertStatusChange } from './use-alert-status-change';

/** The alert dialog's widest size on larger screens. */
export const ALERT_DIALOG_MAX_WIDTH = 560;

export type AlertDialogProps = {
  alertId: number;
  /** The row the dialog was opened from, shown at once while the fresh copy loads. */
  known?: AlertRecord;
  onClose: () => void;
  /** Opens another alert (one of the device's other open alerts). */
  onOpenAlert?: (id: number) => void;
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function AlertDialog({ alertId, known, onClose, onOpenAlert }: AlertDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const query = useAlert(alertId, known);
  const label = useAlertLabel();
  const format = useAlertFormat();
  const statusChange = useAlertStatusChange();
  const [note, setNote] = useState('');
  const alert: ActionableAlert | undefined = query.data;
  const lastAction = useLastActionText()(alert?.last_action);
  const open = alert === undefined || isOpenAlert(alert.notification_status_id);
  const busy = statusChange.pendingId === alertId;

  const changed =
    alert?.status_changed_at === null || alert === undefined
      ? null
      : alert.status_changed_by === null
        ? t('alerts.dialog.changedBySystem', { when: format.date(alert.status_changed_at) })
        : t('alerts.dialog.changedBy', {
            name: alert.status_changed_by,
            when: format.date(alert.status_changed_at),
          });

  return (
    <FormDialog
      open
      onClose={onClose}
      maxWidth={ALERT_DIALOG_MAX_WIDTH}
      fullScreen={phone}
      data-testid="alert-dialog"
    >
      <FormDialogTitle>
        {open ? t('alerts.dialog.closeTitle') : t('alerts.dialog.noteTitle')}
      </FormDialogTitle>
      <DialogContent dividers>
        {query.isError && alert === undefined ? (
          <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
            {[t('alerts.dialog.loadError'), ...errorMessages(query.error).map(translate)].join(
              '\n',
            )}
          </Alert>
        ) : alert === undefined ? (
          <Stack spacing={1.5} aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        ) : (
          <Stack spacing={2.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }} data-testid="alert-type">
                {label('types', alert.notification_type_id)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
                {label('categories', alert.notification_category_id)}
              </Typography>
              <AlertStatusChip statusId={alert.notification_status_id} />
            </Stack>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
              }}
              data-testid="alert-details"
            >
              <Detail label={t('alerts.dialog.place')}>
                {format.place(alert)}
                {alert.link !== '' && (
                  <>
                    <br />
                    <Link component={RouterLink} to={alert.link} onClick={onClose}>
                      {t('alerts.dialog.openPlace')}
                    </Link>
                  </>
                )}
              </Detail>
              <Detail label={t('alerts.dialog.address')}>{alert.address || NO_VALUE}</Detail>
              <Detail label={t('alerts.dialog.fixture')}>
                {format.fixture(alert)}
                {format.device(alert) !== '' && (
                  <Box
                    component="span"
                    sx={{ display: 'block', fontFamily: 'monospace', color: 'text.secondary' }}
                  >
                    {format.device(alert)}
                  </Box>
                )}
              </Detail>
              <Detail label={t('alerts.dialog.rate')}>{format.rate(alert)}</Detail>
              <Detail label={t('alerts.dialog.monthlyCost')}>{format.cost(alert)}</Detail>
              <Detail label={t('alerts.dialog.status')}>
                {label('statuses', alert.notification_status_id)}
                {changed !== null && (
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                    {changed}
                  </Box>
                )}
              </Detail>
              <Detail label={t('alerts.dialog.firstDetected')}>
                {format.date(alert.first_detected)}
              </Detail>
              <Detail label={t('alerts.dialog.lastDetected')}>
                {format.date(alert.last_detected)}
              </Detail>
              {alert.closed_at !== null && (
                <Detail label={t('alerts.dialog.closedAt')}>{format.date(alert.closed_at)}</Detail>
              )}
              {!open && (
                <Detail label={t('alerts.assign.label')}>
                  {alert.assigned_to_name ?? t('alerts.assign.nobody')}
                </Detail>
              )}
              {lastAction !== null && (
                <Detail label={t('alerts.list.columns.lastAction')}>
                  {lastAction.kind} · {lastAction.when} · {lastAction.by}
                </Detail>
              )}
            </Box>
            <AlertIncident alert={alert} onOpenAlert={onOpenAlert} />
            {onOpenAlert !== undefined && (
              <DeviceAlertChips alert={alert} onOpenAlert={onOpenAlert} />
            )}
            {open && <AlertAssignField key={alert.id} alert={alert} />}
            <AlertSnooze alert={alert} />
            {open ? (
              <TextField
                label={t('alerts.dialog.noteLabel')}
                placeholder={t('alerts.dialog.notePlaceholder')}
                multiline
                rows={5}
                fullWidth
                value={note}
                onChange={(event) => setNote(event.target.value)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 2000 } }}
              />
            ) : alert.note === null || alert.note === '' ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="alert-note">
                {t('alerts.dialog.noNote')}
              </Typography>
            ) : (
              <TextField
                label={t('alerts.dialog.noteLabel')}
                multiline
                rows={5}
                fullWidth
                value={alert.note}
                slotProps={{
                  input: { readOnly: true },
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': 'alert-note' },
                }}
              />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {open ? (
          <>
            <Button onClick={onClose}>{t('alerts.dialog.cancel')}</Button>
            <Button
              variant="contained"
              color="success"
              loading={busy}
              disabled={alert === undefined}
              onClick={() => statusChange.close(alertId, note, onClose)}
              data-testid="alert-fixed-it"
            >
              {t('alerts.fixedIt')}
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>{t('alerts.dialog.close')}</Button>
        )}
      </DialogActions>
    </FormDialog>
  );
}
