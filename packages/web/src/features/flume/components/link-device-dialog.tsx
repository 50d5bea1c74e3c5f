// Linking a Flume meter to a building of its account's company: a picker of the company's
// buildings (those another meter measures already are named so and cannot be chosen). The
// server's refusal (another company's building, a building with a meter) shows in the dialog.
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog, FormDialogActions } from '@/components/dialogs/form-dialog';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useCompanyBuildings } from '../api/get-company-buildings';
import type { FlumeAccount, FlumeDevice } from '../api/get-flume-accounts';
import { useLinkFlumeDevice } from '../api/link-flume-device';
import { meterName } from './flume-columns';

export type LinkDeviceDialogProps = {
  account: FlumeAccount;
  device: FlumeDevice;
  /** The buildings a meter (of any account) measures already. */
  measured: ReadonlySet<number>;
  onClose: () => void;
  onLinked: (account: FlumeAccount, buildingName: string) => void;
};

export function LinkDeviceDialog({
  account,
  device,
  measured,
  onClose,
  onLinked,
}: LinkDeviceDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const buildings = useCompanyBuildings(account.company_id, true);
  const link = useLinkFlumeDevice();
  const [building, setBuilding] = useState('');
  const [touched, setTouched] = useState(false);
  const options = buildings.data ?? [];

  const submit = () => {
    setTouched(true);
    if (building === '') return;
    const chosen = options.find((option) => String(option.id) === building);
    link.mutate(
      { accountId: account.id, deviceId: device.id, buildingId: Number(building) },
      { onSuccess: (updated) => onLinked(updated, chosen?.name ?? '') },
    );
  };

  const help = buildings.isError
    ? t('flume.link.buildingsError')
    : buildings.isSuccess && options.length === 0
      ? t('flume.link.noBuildings', { company: account.company_name })
      : touched && building === ''
        ? t('flume.link.buildingRequired')
        : undefined;

  return (
    <FormDialog
      open
      onClose={onClose}
      busy={link.isPending}
      maxWidth="xs"
      data-testid="flume-link-dialog"
    >
      <DialogForm
        title={t('flume.link.title', { meter: meterName(device) })}
        onSubmit={submit}
        actions={
          <FormDialogActions
            cancelLabel={t('flume.link.cancel')}
            submitLabel={t('flume.link.submit')}
            onCancel={onClose}
            submitDisabled={buildings.isPending || options.length === 0}
          />
        }
      >
        <DialogContentText sx={{ mb: 2 }}>
          {t('flume.link.intro', { company: account.company_name })}
        </DialogContentText>
        {link.isError && (
          <Alert severity="error" role="alert" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
            {errorMessages(link.error).map(translate).join('\n')}
          </Alert>
        )}
        <TextField
          select
          fullWidth
          required
          autoFocus
          label={t('flume.link.building')}
          value={building}
          onChange={(event) => setBuilding(event.target.value)}
          disabled={buildings.isPending}
          error={buildings.isError || (touched && building === '')}
          helperText={buildings.isPending ? t('common.loading') : help}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('flume.link.chooseBuilding')}</option>
          {options.map((option) => {
            const taken = measured.has(option.id);
            return (
              <option key={option.id} value={String(option.id)} disabled={taken}>
                {taken
                  ? t('flume.link.taken', { building: option.name })
                  : option.property_name
                    ? t('flume.link.option', {
                        building: option.name,
                        property: option.property_name,
                      })
                    : option.name}
              </option>
            );
          })}
        </TextField>
      </DialogForm>
    </FormDialog>
  );
}
