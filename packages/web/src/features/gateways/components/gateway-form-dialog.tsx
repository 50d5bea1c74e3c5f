// Create or edit a gateway (system roles): serial number (required, unique), name, model, and on
// creation the building it starts in. The serial rule is the domain's, shared with the server.
import { gatewaySerialSchema } from '@flowsight/domain/gateways';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog, FormDialogActions } from '@/components/dialogs/form-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import type { BuildingOption } from '../api/get-building-options';
import type { Gateway } from '../api/get-gateways';
import { useCreateGateway, useUpdateGateway } from '../api/save-gateway';
import { useGatewayError, useGatewayMessage } from '../utils/gateway-messages';
import { BuildingPicker } from './building-picker';

export type GatewayFormDialogProps = {
  /** Null creates a new gateway. */
  gateway: Gateway | null;
  onClose: () => void;
  /** After a gateway was created, with its id. */
  onCreated?: (id: number) => void;
};

export function GatewayFormDialog({ gateway, onClose, onCreated }: GatewayFormDialogProps) {
  const { t } = useTranslation();
  const { showMessage } = useSnackbar();
  const translate = useGatewayMessage();
  const describeError = useGatewayError();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const create = useCreateGateway();
  const update = useUpdateGateway();
  const [serial, setSerial] = useState(gateway?.serial_number ?? '');
  const [name, setName] = useState(gateway?.name ?? '');
  const [model, setModel] = useState(gateway?.model ?? '');
  const [building, setBuilding] = useState<BuildingOption | null>(null);
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  const serialCheck = gatewaySerialSchema.safeParse(serial);
  const serialProblem =
    touched && !serialCheck.success
      ? translate(serialCheck.error.issues[0]?.message ?? '')
      : undefined;

  const submit = () => {
    setTouched(true);
    if (!serialCheck.success) return;
    setFailure(null);
    const fields = { serial_number: serialCheck.data, name, model };
    if (gateway === null) {
      create.mutate(
        { ...fields, ...(building === null ? {} : { building_id: building.id }) },
        {
          onSuccess: (created) => {
            showMessage(t('gateways.form.created', { serial: created.serial_number }));
            onCreated?.(created.id);
            onClose();
          },
          onError: (error) => setFailure(describeError(error)),
        },
      );
      return;
    }
    update.mutate(
      { id: gateway.id, changes: fields },
      {
        onSuccess: () => {
          showMessage(t('gateways.form.saved'));
          onClose();
        },
        onError: (error) => setFailure(describeError(error)),
      },
    );
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      busy={busy}
      maxWidth="sm"
      fullScreen={phone}
      data-testid="gateway-form"
    >
      <DialogForm
        title={gateway === null ? t('gateways.form.createTitle') : t('gateways.form.editTitle')}
        onSubmit={submit}
        actions={
          <FormDialogActions
            cancelLabel={t('gateways.form.cancel')}
            submitLabel={gateway === null ? t('gateways.form.create') : t('gateways.form.save')}
            onCancel={onClose}
            submitTestId="gateway-save"
          />
        }
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure !== null && (
            <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
              {failure}
            </Alert>
          )}
          <TextField
            label={t('gateways.fields.serial')}
            value={serial}
            onChange={(event) => setSerial(event.target.value)}
            onBlur={() => setTouched(true)}
            required
            autoFocus
            error={serialProblem !== undefined}
            helperText={serialProblem}
            slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'gateway-serial' } }}
          />
          <TextField
            label={t('gateways.fields.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'gateway-name' } }}
          />
          <TextField
            label={t('gateways.fields.model')}
            value={model}
            onChange={(event) => setModel(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          {gateway === null && (
            <BuildingPicker
              value={building}
              onChange={setBuilding}
              label={t('gateways.fields.buildingOptional')}
            />
          )}
        </Stack>
      </DialogForm>
    </FormDialog>
  );
}
