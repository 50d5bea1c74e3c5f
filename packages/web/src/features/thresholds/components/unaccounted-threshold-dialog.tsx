// Changing a company's unaccounted-water threshold: the share of a building's use (per cent) and
// the least gallons a day, each checked with the domain's rule as it is typed; an empty field is
// the default, and "Use defaults" clears both. A refusal from the server shows in the dialog,
// which stays open; a save closes it with a message.
import { unaccountedThresholdProblems } from '@flowsight/domain/thresholds';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/form-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { numberFormats } from '@/lib/number-format';
import type { UnaccountedThreshold } from '../api/get-unaccounted-threshold';
import { useSetUnaccountedThreshold } from '../api/set-unaccounted-threshold';
import { useThresholdMessage } from '../utils/threshold-messages';
import { ThresholdDialogForm } from './threshold-dialog-form';

export type UnaccountedThresholdDialogProps = {
  companyId: number;
  /** The current values; null closes the dialog. */
  threshold: UnaccountedThreshold | null;
  onClose: () => void;
};

export function UnaccountedThresholdDialog({
  companyId,
  threshold,
  onClose,
}: UnaccountedThresholdDialogProps) {
  return (
    <FormDialog
      open={threshold !== null}
      onClose={onClose}
      maxWidth="xs"
      data-testid="unaccounted-dialog"
    >
      {threshold !== null && (
        <UnaccountedThresholdForm companyId={companyId} threshold={threshold} onClose={onClose} />
      )}
    </FormDialog>
  );
}

/** A typed value: empty is the default (null); anything else must read as a plain number. */
const typedValue = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

type UnaccountedThresholdFormProps = {
  companyId: number;
  threshold: UnaccountedThreshold;
  onClose: () => void;
};

function UnaccountedThresholdForm({
  companyId,
  threshold,
  onClose,
}: UnaccountedThresholdFormProps) {
  const { t, i18n } = useTranslation();
  const translate = useThresholdMessage();
  const { showMessage } = useSnackbar();
  const save = useSetUnaccountedThreshold();
  const [shareText, setShareText] = useState(
    threshold.share_percent === null ? '' : String(threshold.share_percent),
  );
  const [gallonsText, setGallonsText] = useState(
    threshold.min_gallons_per_day === null ? '' : String(threshold.min_gallons_per_day),
  );
  const [touched, setTouched] = useState(false);

  const share = typedValue(shareText);
  const gallons = typedValue(gallonsText);
  const [shareProblem] = unaccountedThresholdProblems({
    share_percent: share,
    min_gallons_per_day: null,
  });
  const [gallonsProblem] = unaccountedThresholdProblems({
    share_percent: null,
    min_gallons_per_day: gallons,
  });
  const valid = shareProblem === undefined && gallonsProblem === undefined;
  const unchanged =
    valid && share === threshold.share_percent && gallons === threshold.min_gallons_per_day;
  const number = (value: number) => numberFormats(i18n.language).precise(value);

  const submit = (sharePercent: number | null, minGallonsPerDay: number | null) => {
    save.mutate(
      { companyId, sharePercent, minGallonsPerDay },
      {
        onSuccess: (saved) => {
          showMessage(
            t('thresholds.unaccounted.saved', {
              share: number(saved.share_percent ?? saved.default_share_percent),
              gallons: number(saved.min_gallons_per_day ?? saved.default_min_gallons_per_day),
            }),
          );
          onClose();
        },
      },
    );
  };

  return (
    <ThresholdDialogForm
      title={t('thresholds.unaccounted.dialogTitle')}
      defaultText={t('thresholds.unaccounted.dialogText', {
        share: number(threshold.default_share_percent),
        gallons: number(threshold.default_min_gallons_per_day),
      })}
      onSubmit={() => {
        setTouched(true);
        if (valid && !unchanged) submit(share, gallons);
      }}
      save={save}
      errorTestId="unaccounted-save-error"
      reset={
        threshold.share_percent !== null || threshold.min_gallons_per_day !== null
          ? {
              label: t('thresholds.unaccounted.useDefaults'),
              onClick: () => submit(null, null),
              testId: 'unaccounted-defaults',
            }
          : null
      }
      unchanged={unchanged}
      onClose={onClose}
      saveTestId="unaccounted-save"
    >
      <TextField
        label={t('thresholds.unaccounted.shareField')}
        value={shareText}
        onChange={(event) => {
          save.reset();
          setShareText(event.target.value);
        }}
        onBlur={() => setTouched(true)}
        error={touched && shareProblem !== undefined}
        helperText={
          (touched && shareProblem && translate(shareProblem)) ||
          t('thresholds.unaccounted.shareHelp', {
            value: number(threshold.default_share_percent),
          })
        }
        placeholder={number(threshold.default_share_percent)}
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'data-testid': 'unaccounted-share-input' },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
        autoFocus
        fullWidth
      />
      <TextField
        label={t('thresholds.unaccounted.gallonsField')}
        value={gallonsText}
        onChange={(event) => {
          save.reset();
          setGallonsText(event.target.value);
        }}
        onBlur={() => setTouched(true)}
        error={touched && gallonsProblem !== undefined}
        helperText={
          (touched && gallonsProblem && translate(gallonsProblem)) ||
          t('thresholds.unaccounted.gallonsHelp', {
            value: number(threshold.default_min_gallons_per_day),
          })
        }
        placeholder={number(threshold.default_min_gallons_per_day)}
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'data-testid': 'unaccounted-gallons-input' },
          input: {
            endAdornment: (
              <InputAdornment position="end">{t('thresholds.unaccounted.perDay')}</InputAdornment>
            ),
          },
        }}
        fullWidth
      />
    </ThresholdDialogForm>
  );
}
