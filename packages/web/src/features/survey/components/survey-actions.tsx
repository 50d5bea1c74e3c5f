// The survey's transitions the role may start now: approve and send (to the customer's contacts),
// approve by DX (the installation plan) and reopen (with a reason). A button shows when the survey's
// status allows the action and the access table lets the role call it; each asks for confirmation
// in a dialog that shows the server's refusal.
import type { BuildingSurvey, SurveyAction } from '@flowsight/domain/survey';
import EngineeringRounded from '@mui/icons-material/EngineeringRounded';
import LockOpenRounded from '@mui/icons-material/LockOpenRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useSignedInSession } from '@/lib/session';
import { useReopenSurvey } from '../api/reopen-survey';
import { useSendSurvey } from '../api/send-survey';
import { useSurveyPermissions } from '../utils/survey-permissions';
import { ActionDialog } from './action-dialog';
import { DxPlanDialog } from './dx-plan-dialog';

type Dialog = 'send' | 'dx' | 'reopen';

/** Which permission each button needs, beside the status allowing its action. */
const buttons: readonly { dialog: Dialog; action: SurveyAction; icon: ReactNode }[] = [
  { dialog: 'send', action: 'send', icon: <SendRounded /> },
  { dialog: 'dx', action: 'dx_approve', icon: <EngineeringRounded /> },
  { dialog: 'reopen', action: 'reopen', icon: <LockOpenRounded /> },
];

export type SurveyActionsProps = { survey: BuildingSurvey };

export function SurveyActions({ survey }: SurveyActionsProps) {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const may = useSurveyPermissions(activeRole.user_role_type_id);
  const [open, setOpen] = useState<Dialog | null>(null);
  const close = () => setOpen(null);
  const shown = buttons.filter(
    ({ dialog, action }) => may[dialog] && survey.actions.includes(action),
  );
  return (
    <>
      {shown.map(({ dialog, icon }) => (
        <Button
          key={dialog}
          variant={dialog === 'reopen' ? 'outlined' : 'contained'}
          startIcon={icon}
          onClick={() => setOpen(dialog)}
          data-testid={`survey-action-${dialog}`}
        >
          {t(`survey.actions.${dialog}`)}
        </Button>
      ))}
      {open === 'send' && (
        <SendDialog buildingId={survey.building_id} progress={survey.progress} onClose={close} />
      )}
      {open === 'dx' && (
        <DxPlanDialog
          buildingId={survey.building_id}
          needed={survey.micrometers_needed}
          onDone={close}
          onClose={close}
        />
      )}
      {open === 'reopen' && <ReopenDialog buildingId={survey.building_id} onClose={close} />}
    </>
  );
}

type TransitionDialogProps = { buildingId: number; onClose: () => void };

type SendDialogProps = TransitionDialogProps & { progress: { surveyed: number; units: number } };

function SendDialog({ buildingId, progress, onClose }: SendDialogProps) {
  const { t } = useTranslation();
  const { showMessage } = useSnackbar();
  const send = useSendSurvey(buildingId);
  const [message, setMessage] = useState('');
  const confirm = () => {
    const text = message.trim();
    send.mutate(text === '' ? {} : { message: text }, {
      onSuccess: (sent) => {
        showMessage(t('survey.send.done', { to: sent.sent_to.join(', ') }), 'success');
        onClose();
      },
    });
  };
  return (
    <ActionDialog
      title={t('survey.send.title')}
      confirmLabel={t('survey.send.confirm')}
      busy={send.isPending}
      error={send.error}
      onConfirm={confirm}
      onClose={onClose}
      data-testid="send-dialog"
    >
      <Typography sx={{ mb: 2 }}>{t('survey.send.text')}</Typography>
      {progress.surveyed < progress.units && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="send-unfinished">
          {t('survey.send.unfinished', progress)}
        </Alert>
      )}
      <TextField
        fullWidth
        multiline
        minRows={3}
        label={t('survey.send.message')}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </ActionDialog>
  );
}

function ReopenDialog({ buildingId, onClose }: TransitionDialogProps) {
  const { t } = useTranslation();
  const reopen = useReopenSurvey(buildingId);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    const text = reason.trim();
    setMissing(text === '');
    if (text !== '') reopen.mutate({ reason: text }, { onSuccess: onClose });
  };
  return (
    <ActionDialog
      title={t('survey.reopen.title')}
      confirmLabel={t('survey.reopen.confirm')}
      busy={reopen.isPending}
      error={reopen.error}
      onConfirm={confirm}
      onClose={onClose}
      data-testid="reopen-dialog"
    >
      <Typography sx={{ mb: 2 }}>{t('survey.reopen.text')}</Typography>
      <TextField
        fullWidth
        multiline
        minRows={2}
        required
        label={t('survey.reopen.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={missing}
        helperText={missing ? t('survey.reopen.reasonRequired') : undefined}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'reopen-reason' } }}
      />
    </ActionDialog>
  );
}
