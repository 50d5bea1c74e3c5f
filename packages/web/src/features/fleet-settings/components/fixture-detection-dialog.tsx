// Editing one fixture type's detection parameters (system admins). The form checks the domain's
// rules as the admin types; only the fields that changed are sent, and Save stays off until
// something changed. A refusal from the server shows in the dialog, which stays open.
import {
  type FixtureDetectionUpdate,
  fixtureDetectionUpdateSchema,
} from '@flowsight/domain/fleet-settings';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/form-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import type { FixtureType } from '../api/get-fixture-types';
import { useUpdateFixtureDetection } from '../api/update-fixture-detection';
import { useFleetMessage } from '../utils/messages';
import { FleetDialogForm } from './fleet-dialog-form';

type Field = 'continuous_hours' | 'hourly_min_gal' | 'night_flow' | 'daily_high_gal';

type FormState = {
  watched: boolean;
  continuousHours: string;
  hourlyMinGal: string;
  nightFlow: boolean;
  dailyHighGal: string;
};

const formOf = (fixture: FixtureType): FormState => ({
  watched: fixture.continuous_hours !== null,
  continuousHours: String(fixture.continuous_hours ?? ''),
  hourlyMinGal: String(fixture.hourly_min_gal),
  nightFlow: fixture.night_flow,
  dailyHighGal: fixture.daily_high_gal === null ? '' : String(fixture.daily_high_gal),
});

/** A typed number; empty or unreadable text becomes NaN so the schema names the rule. */
const numberFrom = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The fields whose value differs from the fixture's, as the API's partial body. */
function changesOf(fixture: FixtureType, form: FormState): Record<string, unknown> {
  const wanted = {
    continuous_hours: form.watched ? numberFrom(form.continuousHours) : null,
    hourly_min_gal: numberFrom(form.hourlyMinGal),
    night_flow: form.nightFlow,
    daily_high_gal: form.dailyHighGal.trim() === '' ? null : numberFrom(form.dailyHighGal),
  };
  return Object.fromEntries(
    Object.entries(wanted).filter(([field, value]) => !Object.is(value, fixture[field as Field])),
  );
}

export type FixtureDetectionDialogProps = {
  /** The fixture being edited; null closes the dialog. */
  fixture: FixtureType | null;
  /** The fixture's name in the interface language. */
  name: string;
  onClose: () => void;
};

export function FixtureDetectionDialog({ fixture, name, onClose }: FixtureDetectionDialogProps) {
  return (
    <FormDialog
      open={fixture !== null}
      onClose={onClose}
      maxWidth="sm"
      data-testid="fixture-dialog"
    >
      {fixture && (
        <FixtureDetectionForm key={fixture.id} fixture={fixture} name={name} onClose={onClose} />
      )}
    </FormDialog>
  );
}

type FixtureDetectionFormProps = { fixture: FixtureType; name: string; onClose: () => void };

function FixtureDetectionForm({ fixture, name, onClose }: FixtureDetectionFormProps) {
  const { t } = useTranslation();
  const translate = useFleetMessage();
  const { showMessage } = useSnackbar();
  const update = useUpdateFixtureDetection();
  const hoursId = useId();
  const [form, setForm] = useState(() => formOf(fixture));
  const set = (change: Partial<FormState>) => {
    update.reset();
    setForm((current) => ({ ...current, ...change }));
  };

  const changes = changesOf(fixture, form);
  const changed = Object.keys(changes).length > 0;
  const parsed = fixtureDetectionUpdateSchema.safeParse(changes);
  const problems = new Map<Field, string>();
  if (changed && !parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field | undefined;
      if (field && !problems.has(field)) problems.set(field, translate(issue.message));
    }
  }
  const problemOf = (field: Field) => problems.get(field);

  const submit = () => {
    if (!changed || !parsed.success) return;
    const change: FixtureDetectionUpdate = parsed.data;
    update.mutate(
      { id: fixture.id, change },
      {
        onSuccess: () => {
          showMessage(t('fleetSettings.fixtureDialog.saved', { name }), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <FleetDialogForm
      title={t('fleetSettings.fixtureDialog.title', { name })}
      onSubmit={submit}
      onCancel={onClose}
      save={update}
      saveDisabled={!changed || !parsed.success}
      saveTestId="fixture-save"
      errorTestId="fixture-save-error"
    >
      <FormControlLabel
        control={
          <Switch
            checked={form.watched}
            onChange={(event) => set({ watched: event.target.checked })}
          />
        }
        label={t('fleetSettings.fixtureDialog.watchContinuous')}
      />
      {form.watched && (
        <TextField
          id={hoursId}
          label={t('fleetSettings.fixtureDialog.continuousHours')}
          value={form.continuousHours}
          onChange={(event) => set({ continuousHours: event.target.value })}
          error={problemOf('continuous_hours') !== undefined}
          helperText={
            problemOf('continuous_hours') ?? t('fleetSettings.fixtureDialog.continuousHelp')
          }
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          autoFocus
          fullWidth
        />
      )}
      <TextField
        label={t('fleetSettings.fixtureDialog.hourlyMin')}
        value={form.hourlyMinGal}
        onChange={(event) => set({ hourlyMinGal: event.target.value })}
        error={problemOf('hourly_min_gal') !== undefined}
        helperText={problemOf('hourly_min_gal') ?? t('fleetSettings.fixtureDialog.hourlyMinHelp')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        fullWidth
      />
      <FormControlLabel
        control={
          <Switch
            checked={form.nightFlow}
            onChange={(event) => set({ nightFlow: event.target.checked })}
          />
        }
        label={t('fleetSettings.fixtureDialog.nightFlow')}
      />
      <TextField
        label={t('fleetSettings.fixtureDialog.dailyHigh')}
        value={form.dailyHighGal}
        onChange={(event) => set({ dailyHighGal: event.target.value })}
        error={problemOf('daily_high_gal') !== undefined}
        helperText={problemOf('daily_high_gal') ?? t('fleetSettings.fixtureDialog.dailyHighHelp')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        fullWidth
      />
    </FleetDialogForm>
  );
}
