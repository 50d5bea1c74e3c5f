// The micrometer dialog's changes (spec section 7's single-micrometer calls): its state and its
// status (system roles), each after a confirmation, and deleting it (System Admin), which the
// server allows only for a micrometer in stock that never reported and otherwise refuses with its
// reason. Each control shows only for the roles the server's access table allows.
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { permissionsOf } from '@/lib/permissions';
import { useSignedInSession } from '@/lib/session';
import { useDeleteMicrometer } from '../api/delete-micrometer';
import type { Micrometer } from '../api/get-micrometers';
import { type MicrometerLookupChange, useSetMicrometerLookup } from '../api/set-micrometer-lookup';
import { useMicrometerLabel, useMicrometerOptions } from '../utils/micrometer-format';
import { useMicrometerErrorText } from '../utils/micrometer-messages';
import { BulkField } from './building-bulk-actions';

/** What the active role may change on one micrometer. */
export function useMicrometerChanges() {
  const { activeRole } = useSignedInSession();
  return permissionsOf(
    {
      state: 'PUT /sensors/:id/state/:stateId',
      status: 'PUT /sensors/:id/status/:statusId',
      remove: 'DELETE /sensors/:id',
    },
    activeRole.user_role_type_id,
  );
}

type LookupChangesProps = { micrometer: Micrometer };

/** The state and status pickers, for the roles that may set them (nothing otherwise). */
export function MicrometerLookupChanges({ micrometer }: LookupChangesProps) {
  const { t } = useTranslation();
  const may = useMicrometerChanges();
  const label = useMicrometerLabel();
  const { showMessage } = useSnackbar();
  const errorText = useMicrometerErrorText();
  const change = useSetMicrometerLookup();
  const stateOptions = useMicrometerOptions('states');
  const statusOptions = useMicrometerOptions('statuses');
  const [state, setState] = useState<number | null>(null);
  const [status, setStatus] = useState<number | null>(null);
  const [pending, setPending] = useState<MicrometerLookupChange | null>(null);
  if (!may.state && !may.status) return null;

  const confirm = () => {
    if (pending === null) return;
    change.mutate(pending, {
      onSuccess: (updated) => {
        showMessage(t('micrometers.manage.done', { mac: updated.mac_address }));
        setPending(null);
        setState(null);
        setStatus(null);
      },
      onError: (error) => {
        showMessage(errorText(error), 'error');
        setPending(null);
      },
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} data-testid="micrometer-changes">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5, color: 'text.secondary' }}>
        {t('micrometers.manage.title')}
      </Typography>
      <Stack spacing={1.5}>
        {may.state && (
          <BulkField
            label={t('micrometers.bulk.state')}
            options={stateOptions}
            value={state}
            onChange={setState}
            apply={t('micrometers.bulk.applyState')}
            testId="change-state"
            onApply={() =>
              state !== null && setPending({ id: micrometer.id, field: 'state', value: state })
            }
          />
        )}
        {may.status && (
          <BulkField
            label={t('micrometers.bulk.status')}
            options={statusOptions}
            value={status}
            onChange={setStatus}
            apply={t('micrometers.bulk.applyStatus')}
            testId="change-status"
            onApply={() =>
              status !== null && setPending({ id: micrometer.id, field: 'status', value: status })
            }
          />
        )}
      </Stack>
      <ConfirmationDialog
        open={pending !== null}
        text={
          pending === null
            ? ''
            : t(
                pending.field === 'state'
                  ? 'micrometers.manage.confirmState'
                  : 'micrometers.manage.confirmStatus',
                {
                  mac: micrometer.mac_address,
                  value: label(pending.field === 'state' ? 'states' : 'statuses', pending.value),
                },
              )
        }
        busy={change.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Paper>
  );
}

type DeleteButtonProps = { micrometer: Micrometer; onDeleted: () => void };

/** "Delete", for the roles that may delete a micrometer, after a confirmation. */
export function DeleteMicrometerButton({ micrometer, onDeleted }: DeleteButtonProps) {
  const { t } = useTranslation();
  const may = useMicrometerChanges();
  const { showMessage } = useSnackbar();
  const errorText = useMicrometerErrorText();
  const removal = useDeleteMicrometer();
  const [asking, setAsking] = useState(false);
  if (!may.remove) return null;

  const confirm = () =>
    removal.mutate(micrometer.id, {
      onSuccess: () => {
        setAsking(false);
        showMessage(t('micrometers.manage.deleted', { mac: micrometer.mac_address }));
        onDeleted();
      },
      onError: (error) => {
        setAsking(false);
        showMessage(errorText(error), 'error');
      },
    });

  return (
    <>
      <Button color="error" onClick={() => setAsking(true)} data-testid="dialog-delete">
        {t('micrometers.manage.delete')}
      </Button>
      <ConfirmationDialog
        open={asking}
        text={t('micrometers.manage.confirmDelete', { mac: micrometer.mac_address })}
        busy={removal.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
