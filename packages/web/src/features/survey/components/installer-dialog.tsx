// Assigning an installer (a company installer of the building's company, or an outside installer's
// name and phone) with a scheduled date, or changing an assignment's date, status and outside
// details. The form's own check mirrors the server's; the server's refusal shows in the dialog.
import { type Installer, type InstallerStatus, installerStatuses } from '@flowsight/domain/survey';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, NOT_A_DATE } from '@/components/date-input';
import { useCompanyInstallers } from '../api/get-company-installers';
import { useSaveInstaller } from '../api/save-installer';
import { ActionDialog } from './action-dialog';

export type InstallerDialogProps = {
  buildingId: number;
  companyId: number;
  /** null: a new assignment. */
  installer: Installer | null;
  onClose: () => void;
};

type Kind = 'company' | 'outside';
type FieldError = 'userRequired' | 'nameRequired' | 'phoneRequired' | 'dateInvalid';

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function InstallerDialog({
  buildingId,
  companyId,
  installer,
  onClose,
}: InstallerDialogProps) {
  const { t } = useTranslation();
  const save = useSaveInstaller(buildingId);
  const creating = installer === null;
  const [kind, setKind] = useState<Kind>(
    installer !== null && installer.user_id === null ? 'outside' : 'company',
  );
  const companyInstallers = useCompanyInstallers(companyId, creating && kind === 'company');
  const [userId, setUserId] = useState('');
  const [name, setName] = useState(installer?.name ?? '');
  const [phone, setPhone] = useState(installer?.phone ?? '');
  const [date, setDate] = useState(installer?.scheduled_date ?? '');
  const [status, setStatus] = useState<InstallerStatus>(installer?.status ?? 'scheduled');
  const [errors, setErrors] = useState<
    Partial<Record<'user' | 'name' | 'phone' | 'date', FieldError>>
  >({});
  const outside = kind === 'outside';
  const editsOutside = outside && (creating || installer?.user_id === null);

  const confirm = () => {
    const found: typeof errors = {};
    if (creating && !outside && userId === '') found.user = 'userRequired';
    if (editsOutside && orNull(name) === null) found.name = 'nameRequired';
    if (editsOutside && orNull(phone) === null) found.phone = 'phoneRequired';
    if (date === NOT_A_DATE) found.date = 'dateInvalid';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const scheduled_date = date === '' ? null : date;
    const details = editsOutside ? { name: orNull(name), phone: orNull(phone) } : {};
    save.mutate(
      creating
        ? {
            kind: 'assign',
            body: outside
              ? { ...details, scheduled_date }
              : { user_id: Number(userId), scheduled_date },
          }
        : {
            kind: 'update',
            installerId: installer.id,
            body: { ...details, scheduled_date, status },
          },
      { onSuccess: onClose },
    );
  };

  const message = (error: FieldError | undefined) =>
    error === undefined ? undefined : t(`survey.installers.${error}`);

  return (
    <ActionDialog
      title={creating ? t('survey.installers.assignTitle') : t('survey.installers.editTitle')}
      confirmLabel={creating ? t('survey.installers.assign') : t('survey.save')}
      busy={save.isPending}
      error={save.error}
      onConfirm={confirm}
      onClose={onClose}
      data-testid="installer-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {creating && (
          <ToggleButtonGroup
            exclusive
            fullWidth
            value={kind}
            onChange={(_event, next: Kind | null) => next !== null && setKind(next)}
            aria-label={t('survey.installers.kind')}
          >
            <ToggleButton value="company" data-testid="installer-kind-company">
              {t('survey.installers.company')}
            </ToggleButton>
            <ToggleButton value="outside" data-testid="installer-kind-outside">
              {t('survey.installers.outside')}
            </ToggleButton>
          </ToggleButtonGroup>
        )}
        {creating && !outside && (
          <TextField
            select
            label={t('survey.installers.user')}
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
            error={errors.user !== undefined}
            helperText={
              message(errors.user) ??
              (companyInstallers.data?.length === 0
                ? t('survey.installers.noneInCompany')
                : undefined)
            }
            slotProps={{ htmlInput: { 'data-testid': 'installer-user' } }}
          >
            {(companyInstallers.data ?? []).map((user) => (
              <MenuItem key={user.id} value={String(user.id)}>
                {`${user.first_name} ${user.last_name}`.trim() || user.email}
              </MenuItem>
            ))}
          </TextField>
        )}
        {editsOutside && (
          <>
            <TextField
              label={t('survey.installers.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              error={errors.name !== undefined}
              helperText={message(errors.name)}
              slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'installer-name' } }}
            />
            <TextField
              label={t('survey.installers.phone')}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              required
              type="tel"
              error={errors.phone !== undefined}
              helperText={message(errors.phone)}
              slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'installer-phone' } }}
            />
          </>
        )}
        <DateInput
          label={t('survey.installers.date')}
          value={date}
          onChange={setDate}
          error={errors.date !== undefined}
          helperText={message(errors.date)}
          data-testid="installer-date"
        />
        {!creating && (
          <TextField
            select
            label={t('survey.installers.statusLabel')}
            value={status}
            onChange={(event) => setStatus(event.target.value as InstallerStatus)}
            slotProps={{ htmlInput: { 'data-testid': 'installer-status' } }}
          >
            {installerStatuses.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`survey.installers.status.${option}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </ActionDialog>
  );
}
