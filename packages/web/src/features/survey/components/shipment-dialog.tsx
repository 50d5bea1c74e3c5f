// Recording a shipment: date, carrier, tracking number, micrometers by size and the MACs once
// known (one per line). Checked here (`shipment-form.ts`), then by the server.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@/components/date-input';
import { useCreateShipment } from '../api/create-shipment';
import { checkShipment, emptyShipmentForm, type ShipmentErrors } from '../utils/shipment-form';
import { ActionDialog } from './action-dialog';
import { SizeCountFields } from './size-count-fields';

export type ShipmentDialogProps = { buildingId: number; onClose: () => void };

export function ShipmentDialog({ buildingId, onClose }: ShipmentDialogProps) {
  const { t } = useTranslation();
  const create = useCreateShipment(buildingId);
  const [form, setForm] = useState(emptyShipmentForm);
  const [errors, setErrors] = useState<ShipmentErrors>({ counts: {} });
  const change = (part: Partial<typeof form>) => setForm((current) => ({ ...current, ...part }));

  const confirm = () => {
    const checked = checkShipment(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({ counts: {} });
    create.mutate(checked.body, { onSuccess: onClose });
  };

  return (
    <ActionDialog
      title={t('survey.shipping.recordTitle')}
      confirmLabel={t('survey.shipping.record')}
      busy={create.isPending}
      error={create.error}
      onConfirm={confirm}
      onClose={onClose}
      data-testid="shipment-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DateInput
          label={t('survey.shipping.date')}
          value={form.date}
          onChange={(date) => change({ date })}
          required
          error={errors.date !== undefined}
          helperText={errors.date === undefined ? undefined : t(`survey.${errors.date}`)}
          data-testid="shipment-date"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            fullWidth
            label={t('survey.shipping.carrier')}
            value={form.carrier}
            onChange={(event) => change({ carrier: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'shipment-carrier' } }}
          />
          <TextField
            fullWidth
            label={t('survey.shipping.tracking')}
            value={form.tracking}
            onChange={(event) => change({ tracking: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'shipment-tracking' } }}
          />
        </Stack>
        <Typography variant="subtitle2" component="h3">
          {t('survey.shipping.counts')}
        </Typography>
        {errors.total !== undefined && (
          <Alert severity="warning" data-testid="shipment-total-error">
            {t('survey.countRequired')}
          </Alert>
        )}
        <SizeCountFields
          counts={form.counts}
          errors={errors.counts}
          onChange={(counts) => change({ counts })}
          testId="shipment-count"
        />
        <TextField
          label={t('survey.shipping.macs')}
          value={form.macs}
          onChange={(event) => change({ macs: event.target.value })}
          multiline
          minRows={3}
          error={errors.macs !== undefined}
          helperText={
            errors.macs === undefined
              ? t('survey.shipping.macsHelp')
              : t('survey.shipping.macsInvalid', { macs: errors.macs.join(', ') })
          }
          slotProps={{ htmlInput: { 'data-testid': 'shipment-macs', spellCheck: false } }}
        />
      </Stack>
    </ActionDialog>
  );
}
