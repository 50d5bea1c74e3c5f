// Snoozing an open leak alert: "Snooze" asks for an end (until tomorrow 9:00, 3 days,
// 1 week, or a chosen date and time — more than 5 minutes and at most 30 days ahead) and a reason
// ("tenant away, plumber Tuesday"); reminders stop until then and the alert stays open. A snoozed
// alert shows "Snoozed until … — reason" with "End snooze". Usage and device-health alerts are not
// snoozed.
import { NotificationCategory } from '@flowsight/domain/lookups';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPanel, FormDialog } from '@/components/dialogs/form-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { type ActionableAlert, useEndAlertSnooze, useSnoozeAlert } from '../api/alert-actions';
import { isOpenAlert } from '../utils/alert-format';
import { useSnoozedText } from './alert-action-parts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The earliest and latest end the server takes, from now. */
export const SNOOZE_MIN_MS = 5 * MINUTE;
export const SNOOZE_MAX_MS = 30 * DAY;
export const SNOOZE_REASON_MAX = 500;

export const SNOOZE_PRESETS = ['tomorrow', 'threeDays', 'week', 'custom'] as const;
export type SnoozePreset = (typeof SNOOZE_PRESETS)[number];

/** The end a preset names, from `now`; null for a custom end. */
export function presetEnd(preset: SnoozePreset, now: Date): Date | null {
  switch (preset) {
    case 'tomorrow': {
      const end = new Date(now);
      end.setDate(end.getDate() + 1);
      end.setHours(9, 0, 0, 0);
      return end;
    }
    case 'threeDays':
      return new Date(now.getTime() + 3 * DAY);
    case 'week':
      return new Date(now.getTime() + 7 * DAY);
    case 'custom':
      return null;
  }
}

/** Whether an alert may be snoozed: an open leak alert. */
export const maySnooze = (alert: ActionableAlert) =>
  alert.notification_category_id === NotificationCategory.Leak &&
  isOpenAlert(alert.notification_status_id);

/** A `datetime-local` value (local time, to the minute). */
const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
};

type SnoozeDialogProps = { alert: ActionableAlert; onClose: () => void };

function SnoozeDialog({ alert, onClose }: SnoozeDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const formId = useId();
  const mutation = useSnoozeAlert();
  const [preset, setPreset] = useState<SnoozePreset>('tomorrow');
  const [custom, setCustom] = useState(() => localInput(new Date(Date.now() + DAY)));
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);

  const now = new Date();
  const end = presetEnd(preset, now) ?? (custom === '' ? null : new Date(custom));
  const endError =
    end === null || Number.isNaN(end.getTime())
      ? t('alerts.snooze.endRequired')
      : end.getTime() <= now.getTime() + SNOOZE_MIN_MS
        ? t('alerts.snooze.endTooSoon')
        : end.getTime() > now.getTime() + SNOOZE_MAX_MS
          ? t('alerts.snooze.endTooLate')
          : null;
  const reasonError = reason.trim() === '' ? t('alerts.snooze.reasonRequired') : null;

  const submit = () => {
    setTried(true);
    if (endError !== null || reasonError !== null || end === null) return;
    mutation.mutate(
      { id: alert.id, until: end.toISOString(), reason: reason.trim() },
      {
        onSuccess: () => {
          showMessage(t('alerts.snooze.done'), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      busy={mutation.isPending}
      maxWidth="xs"
      data-testid="alert-snooze-dialog"
    >
      <DialogPanel title={t('alerts.snooze.title')}>
        <DialogContentText>{t('alerts.snooze.text')}</DialogContentText>
        <Stack
          component="form"
          id={formId}
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            select
            label={t('alerts.snooze.end')}
            value={preset}
            onChange={(event) => setPreset(event.target.value as SnoozePreset)}
            slotProps={{ inputLabel: { shrink: true } }}
          >
            {SNOOZE_PRESETS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`alerts.snooze.presets.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          {preset === 'custom' && (
            <TextField
              type="datetime-local"
              label={t('alerts.snooze.customEnd')}
              value={custom}
              onChange={(event) => setCustom(event.target.value)}
              error={tried && endError !== null}
              helperText={tried ? endError : null}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
          {preset !== 'custom' && tried && endError !== null && (
            <Alert severity="error">{endError}</Alert>
          )}
          <TextField
            label={t('alerts.snooze.reason')}
            placeholder={t('alerts.snooze.reasonPlaceholder')}
            required
            multiline
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={tried && reasonError !== null}
            helperText={tried ? reasonError : null}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { maxLength: SNOOZE_REASON_MAX },
            }}
          />
          {mutation.isError && (
            <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
              {[t('alerts.snooze.failed'), ...errorMessages(mutation.error).map(translate)].join(
                '\n',
              )}
            </Alert>
          )}
        </Stack>
      </DialogPanel>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {t('alerts.dialog.cancel')}
        </Button>
        <Button variant="contained" type="submit" form={formId} loading={mutation.isPending}>
          {t('alerts.snooze.confirm')}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}

/** The dialog's snooze part: the snooze and "End snooze", or "Snooze" for an open leak alert. */
export function AlertSnooze({ alert }: { alert: ActionableAlert }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const snoozedText = useSnoozedText()(alert);
  const end = useEndAlertSnooze();
  const [asking, setAsking] = useState(false);
  if (snoozedText === null && !maySnooze(alert)) return null;
  return (
    <>
      {snoozedText !== null ? (
        <Alert
          severity="info"
          data-testid="alert-dialog-snoozed"
          action={
            <Button
              color="inherit"
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
              loading={end.isPending}
              onClick={() =>
                end.mutate(alert.id, {
                  onSuccess: () => showMessage(t('alerts.snooze.ended'), 'success'),
                })
              }
            >
              {t('alerts.snooze.endNow')}
            </Button>
          }
        >
          {snoozedText}
          {end.isError && (
            <div role="alert">
              {[t('alerts.snooze.endFailed'), ...errorMessages(end.error).map(translate)].join(' ')}
            </div>
          )}
        </Alert>
      ) : (
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <Button variant="outlined" size="small" onClick={() => setAsking(true)}>
            {t('alerts.snooze.open')}
          </Button>
        </Stack>
      )}
      {asking && <SnoozeDialog alert={alert} onClose={() => setAsking(false)} />}
    </>
  );
}
