// Adding a micrometer's gallon threshold (by its MAC) or changing one. The value follows the
// domain's rule; the server's refusals (unknown MAC, a micrometer that already has one) show in
// the dialog, which stays open.
import {
  fleetSettingsMessages,
  gallonThresholdValueSchema,
} from '@flowsight/domain/fleet-settings';
import { normalizeMac } from '@flowsight/domain/mac';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/form-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useCreateGallonThreshold } from '../api/create-gallon-threshold';
import type { GallonThreshold } from '../api/get-gallon-thresholds';
import { useUpdateGallonThreshold } from '../api/update-gallon-threshold';
import { useFleetMessage } from '../utils/messages';
import { FleetDialogForm } from './fleet-dialog-form';

export type GallonThresholdDialogProps = {
  open: boolean;
  /** The threshold being changed; null adds a new one. */
  threshold: GallonThreshold | null;
  onClose: () => void;
};

export function GallonThresholdDialog({ open, threshold, onClose }: GallonThresholdDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="xs" data-testid="gallon-threshold-dialog">
      {open && (
        <GallonThresholdForm key={threshold?.id ?? 'new'} threshold={threshold} onClose={onClose} />
      )}
    </FormDialog>
  );
}

type GallonThresholdFormProps = { threshold: GallonThreshold | null; onClose: () => void };

function GallonThresholdForm({ threshold, onClose }: GallonThresholdFormProps) {
  const { t } = useTranslation();
  const translate = useFleetMessage();
  const { showMessage } = useSnackbar();
  const create = useCreateGallonThreshold();
  const update = useUpdateGallonThreshold();
  const mutation = threshold ? update : create;
  const [mac, setMac] = useState('');
  const [valueText, setValueText] = useState(threshold ? String(threshold.value) : '');
  const [touched, setTouched] = useState({ mac: false, value: false });

  const normalized = normalizeMac(mac);
  const macProblem =
    threshold === null && normalized === null
      ? translate(fleetSettingsMessages.macInvalid)
      : undefined;
  const parsed = gallonThresholdValueSchema.safeParse(
    valueText.trim() === '' ? Number.NaN : Number(valueText.trim()),
  );
  const valueProblem = parsed.success
    ? undefined
    : translate(parsed.error.issues[0]?.message ?? '');
  const changed = threshold === null || (parsed.success && parsed.data !== threshold.value);
  const valid = macProblem === undefined && parsed.success;

  const submit = () => {
    setTouched({ mac: true, value: true });
    if (!valid || !changed) return;
    if (threshold) {
      update.mutate(
        { id: threshold.id, value: parsed.data },
        {
          onSuccess: () => {
            showMessage(t('fleetSettings.thresholds.saved', { mac: threshold.mac_address }));
            onClose();
          },
        },
      );
    } else if (normalized !== null) {
      create.mutate(
        { mac: normalized, value: parsed.data },
        {
          onSuccess: (created) => {
            showMessage(t('fleetSettings.thresholds.added', { mac: created.mac_address }));
            onClose();
          },
        },
      );
    }
  };

  return (
    <FleetDialogForm
      title={
        threshold
          ? t('fleetSettings.thresholds.editTitle', { mac: threshold.mac_address })
          : t('fleetSettings.thresholds.addTitle')
      }
      onSubmit={submit}
      onCancel={onClose}
      save={mutation}
      saveDisabled={!changed}
      saveTestId="gallon-threshold-save"
      errorTestId="gallon-threshold-error"
    >
      {threshold === null && (
        <TextField
          label={t('fleetSettings.thresholds.mac')}
          value={mac}
          onChange={(event) => {
            create.reset();
            setMac(event.target.value);
          }}
          onBlur={() => setTouched((current) => ({ ...current, mac: true }))}
          error={touched.mac && macProblem !== undefined}
          helperText={(touched.mac && macProblem) || t('fleetSettings.thresholds.macHelp')}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          autoFocus
          fullWidth
        />
      )}
      <TextField
        label={t('fleetSettings.thresholds.value')}
        value={valueText}
        onChange={(event) => {
          mutation.reset();
          setValueText(event.target.value);
        }}
        onBlur={() => setTouched((current) => ({ ...current, value: true }))}
        error={touched.value && valueProblem !== undefined}
        helperText={(touched.value && valueProblem) || t('fleetSettings.thresholds.valueHelp')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        autoFocus={threshold !== null}
        fullWidth
      />
    </FleetDialogForm>
  );
}
