// Approve by DX: the provider's engineering signs off the installation plan — micrometers by size
// (starting from what the survey calls for), notes and the planned installation date. Checked here
// first (`dx-plan-form.ts`), then by the server, whose refusal the dialog shows.
import type { MicrometersBySize } from '@flowsight/domain/survey';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@/components/date-input';
import { useApproveSurveyDx } from '../api/approve-survey-dx';
import { checkDxPlan, type DxPlanErrors, dxPlanFormFrom } from '../utils/dx-plan-form';
import { ActionDialog } from './action-dialog';
import { SizeCountFields } from './size-count-fields';

export type DxPlanDialogProps = {
  buildingId: number;
  needed: MicrometersBySize;
  onDone: () => void;
  onClose: () => void;
};

export function DxPlanDialog({ buildingId, needed, onDone, onClose }: DxPlanDialogProps) {
  const { t } = useTranslation();
  const approve = useApproveSurveyDx(buildingId);
  const [form, setForm] = useState(() => dxPlanFormFrom(needed));
  const [errors, setErrors] = useState<DxPlanErrors>({ counts: {} });

  const confirm = () => {
    const checked = checkDxPlan(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({ counts: {} });
    approve.mutate(checked.body, { onSuccess: onDone });
  };

  return (
    <ActionDialog
      title={t('survey.dx.title')}
      confirmLabel={t('survey.dx.confirm')}
      busy={approve.isPending}
      error={approve.error}
      onConfirm={confirm}
      onClose={onClose}
      data-testid="dx-dialog"
    >
      <Stack spacing={2}>
        <Typography sx={{ color: 'text.secondary' }}>{t('survey.dx.text')}</Typography>
        {errors.total !== undefined && (
          <Alert severity="warning" data-testid="dx-total-error">
            {t('survey.countRequired')}
          </Alert>
        )}
        <Typography variant="subtitle2" component="h3">
          {t('survey.dx.counts')}
        </Typography>
        <SizeCountFields
          counts={form.counts}
          errors={errors.counts}
          onChange={(counts) => setForm((current) => ({ ...current, counts }))}
          testId="dx-count"
        />
        <DateInput
          label={t('survey.dx.date')}
          value={form.date}
          onChange={(date) => setForm((current) => ({ ...current, date }))}
          error={errors.date !== undefined}
          helperText={errors.date === undefined ? undefined : t('survey.dateInvalid')}
          data-testid="dx-date"
        />
        <TextField
          label={t('survey.dx.notes')}
          value={form.notes}
          onChange={(event) => setForm({ ...form, notes: event.target.value })}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </Stack>
    </ActionDialog>
  );
}
