// "On it" and "Fixed it" with the specification's answers (section 8): 'Status updated' on
// success, 'An error occurred' on failure (with the server's reason on the next line when it
// gives one, e.g. that the alert was closed meanwhile). The snackbar hides itself after 6000 ms.
import { GENERIC_ERROR_MESSAGE } from '@flowsight/domain/constants';
import { NotificationStatus } from '@flowsight/domain/lookups';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useSetAlertStatus } from '../api/set-alert-status';

export function useAlertStatusChange() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const mutation = useSetAlertStatus();

  const run = (change: { id: number; statusId: 2 | 3; note?: string }, onDone?: () => void) =>
    mutation.mutate(change, {
      onSuccess: () => {
        showMessage(t('alerts.statusUpdated'), 'success');
        onDone?.();
      },
      onError: (error) => {
        const reasons = errorMessages(error).filter((text) => text !== GENERIC_ERROR_MESSAGE);
        showMessage([t('alerts.statusFailed'), ...reasons.map(translate)].join('\n'), 'error');
      },
    });

  return {
    /** Marks the alert "On it" (Acknowledged). */
    acknowledge: (id: number, onDone?: () => void) =>
      run({ id, statusId: NotificationStatus.Acknowledged }, onDone),
    /** Closes the alert ("Fixed it") with the note, trimmed; an empty note is not sent. */
    close: (id: number, note: string, onDone?: () => void) =>
      run({ id, statusId: NotificationStatus.Closed, note }, onDone),
    pendingId: mutation.isPending ? mutation.variables.id : null,
  };
}
