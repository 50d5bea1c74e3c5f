// Changing a company's daily threshold for one fixture type: a number of gallons checked with the
// domain's rule as it is typed, or "Use the default" to remove the company's value. A refusal
// from the server shows in the dialog, which stays open; a save closes it with a message.
import { applianceThresholdMessages, parseApplianceThreshold } from '@flowsight/domain/thresholds';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/form-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { numberFormats } from '@/lib/number-format';
import type { ApplianceThreshold } from '../api/get-company-thresholds';
import { useSetCompanyThreshold } from '../api/set-company-threshold';
import { useThresholdMessage } from '../utils/threshold-messages';
import { ThresholdDialogForm } from './threshold-dialog-form';

export type ThresholdDialogProps = {
  companyId: number;
  /** The fixture type being edited; null closes the dialog. */
  threshold: ApplianceThreshold | null;
  /** The fixture type's name in the interface language. */
  fixtureName: string;
  onClose: () => void;
};

export function ThresholdDialog({
  companyId,
  threshold,
  fixtureName,
  onClose,
}: ThresholdDialogProps) {
  return (
    <FormDialog
      open={threshold !== null}
      onClose={onClose}
      maxWidth="xs"
      data-testid="threshold-dialog"
    >
      {threshold !== null && (
        <ThresholdForm
          key={threshold.appliance_type_id}
          companyId={companyId}
          threshold={threshold}
          fixtureName={fixtureName}
          onClose={onClose}
        />
      )}
    </FormDialog>
  );
}

type ThresholdFormProps = {
  companyId: number;
  threshold: ApplianceThreshold;
  fixtureName: string;
  onClose: () => void;
};

function ThresholdForm({ companyId, threshold, fixtureName, onClose }: ThresholdFormProps) {
  const { t, i18n } = useTranslation();
  const translate = useThresholdMessage();
  const { showMessage } = useSnackbar();
  const save = useSetCompanyThreshold();
  const [text, setText] = useState(threshold.threshold === null ? '' : String(threshold.threshold));
  const [touched, setTouched] = useState(false);

  const parsed = parseApplianceThreshold(text);
  // The field takes gallons: empty or `none` is not a value here (removing has its own button).
  const value = parsed.ok ? parsed.threshold : null;
  const problem = !parsed.ok
    ? translate(parsed.message)
    : value === null
      ? translate(applianceThresholdMessages.range)
      : undefined;
  // Saving is offered unless the field holds the value already stored; a bad value shows why.
  const unchanged = problem === undefined && value === threshold.threshold;

  const submit = (next: number | null) => {
    save.mutate(
      { companyId, applianceTypeId: threshold.appliance_type_id, threshold: next },
      {
        onSuccess: (saved) => {
          showMessage(
            saved.threshold === null
              ? t('thresholds.removed', { fixture: fixtureName })
              : t('thresholds.saved', {
                  fixture: fixtureName,
                  value: numberFormats(i18n.language).precise(saved.threshold),
                }),
          );
          onClose();
        },
      },
    );
  };

  const defaultText =
    threshold.default_threshold === null
      ? t('thresholds.noDefault')
      : t('thresholds.defaultIs', {
          value: numberFormats(i18n.language).precise(threshold.default_threshold),
        });

  return (
    <ThresholdDialogForm
      title={t('thresholds.dialogTitle', { fixture: fixtureName })}
      defaultText={defaultText}
      onSubmit={() => {
        setTouched(true);
        if (problem === undefined && !unchanged) submit(value);
      }}
      save={save}
      errorTestId="threshold-save-error"
      reset={
        threshold.threshold !== null
          ? {
              label: t('thresholds.useDefault'),
              onClick: () => submit(null),
              testId: 'threshold-remove',
            }
          : null
      }
      unchanged={unchanged}
      onClose={onClose}
      saveTestId="threshold-save"
    >
      <TextField
        label={t('thresholds.field')}
        value={text}
        onChange={(event) => {
          save.reset();
          setText(event.target.value);
        }}
        onBlur={() => setTouched(true)}
        error={touched && problem !== undefined}
        helperText={(touched && problem) || t('thresholds.fieldHelp')}
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'data-testid': 'threshold-input' },
          input: {
            endAdornment: <InputAdornment position="end">{t('thresholds.unit')}</InputAdornment>,
          },
        }}
        autoFocus
        fullWidth
      />
    </ThresholdDialogForm>
  );
}
