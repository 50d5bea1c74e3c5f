// A building's bulk actions (system roles): set the state or the status of every micrometer of
// the building at once, each after a confirmation that says what will change.
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import {
  type BuildingMicrometersChange,
  useSetBuildingMicrometers,
} from '../api/set-building-micrometers';
import { useMicrometerLabel, useMicrometerOptions } from '../utils/micrometer-format';
import { useMicrometerErrorText } from '../utils/micrometer-messages';

export type BuildingBulkActionsProps = { buildingId: number };

export function BuildingBulkActions({ buildingId }: BuildingBulkActionsProps) {
  const { t } = useTranslation();
  const label = useMicrometerLabel();
  const { showMessage } = useSnackbar();
  const errorText = useMicrometerErrorText();
  const bulk = useSetBuildingMicrometers();
  const [state, setState] = useState<number | null>(null);
  const [status, setStatus] = useState<number | null>(null);
  const [pending, setPending] = useState<BuildingMicrometersChange | null>(null);

  const confirm = () => {
    if (pending === null) return;
    bulk.mutate(pending, {
      onSuccess: ({ updated }) => {
        showMessage(t('micrometers.bulk.done', { count: updated }));
        setPending(null);
      },
      onError: (error) => {
        showMessage(errorText(error), 'error');
        setPending(null);
      },
    });
  };

  const pendingText =
    pending === null
      ? ''
      : t(
          pending.field === 'state'
            ? 'micrometers.bulk.confirmState'
            : 'micrometers.bulk.confirmStatus',
          {
            value: label(pending.field === 'state' ? 'states' : 'statuses', pending.value),
          },
        );

  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} data-testid="building-bulk-actions">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1.5 }}>
        {t('micrometers.bulk.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
        <BulkField
          label={t('micrometers.bulk.state')}
          options={useMicrometerOptions('states')}
          value={state}
          onChange={setState}
          apply={t('micrometers.bulk.applyState')}
          testId="bulk-state"
          onApply={() => state !== null && setPending({ buildingId, field: 'state', value: state })}
        />
        <BulkField
          label={t('micrometers.bulk.status')}
          options={useMicrometerOptions('statuses')}
          value={status}
          onChange={setStatus}
          apply={t('micrometers.bulk.applyStatus')}
          testId="bulk-status"
          onApply={() =>
            status !== null && setPending({ buildingId, field: 'status', value: status })
          }
        />
      </Stack>
      <ConfirmationDialog
        open={pending !== null}
        text={pendingText}
        busy={bulk.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Paper>
  );
}

export type BulkFieldProps = {
  label: string;
  options: { id: number; label: string }[];
  value: number | null;
  onChange: (id: number | null) => void;
  apply: string;
  onApply: () => void;
  testId: string;
};

/** A lookup picker with its apply button (also the micrometer dialog's state and status). */
export function BulkField({
  label,
  options,
  value,
  onChange,
  apply,
  onApply,
  testId,
}: BulkFieldProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ flex: 1, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={label}
        value={value === null ? '' : String(value)}
        onChange={(event) =>
          onChange(event.target.value === '' ? null : Number(event.target.value))
        }
        sx={{ flex: 1, minWidth: 0 }}
        data-testid={testId}
      >
        {options.map((option) => (
          <MenuItem key={option.id} value={String(option.id)}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" disabled={value === null} onClick={onApply} sx={{ flexShrink: 0 }}>
        {apply}
      </Button>
    </Stack>
  );
}
