// /settings (spec section 2): the person's profile, password, MFA, language, appearance and
// their own notification contacts. The contacts panel comes from the users feature, composed in
// the router, so this feature does not import another.
import type { SessionRole } from '@flowsight/domain/auth';
import { activeRoleContext, headerControls } from '@flowsight/domain/web-access';
import LockResetRounded from '@mui/icons-material/LockResetRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { LanguageSelect } from '@/components/language-select';
import { CustomizationDrawer } from '@/components/shell/customization-drawer';
import { useUpdateMfaStatus } from '@/features/auth/api/update-mfa-status';
import { formMessages, useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useSignedInSession } from '@/lib/session';
import { useSettings } from '@/lib/settings-context';
import { themeModes, themePresets } from '@/lib/settings-storage';
import { presetColours } from '@/lib/theme';
import { useUpdateProfile } from '../api/update-profile';

/** The contacts section's address fragment. */
const CONTACTS_SECTION = 'contacts';
const PHONE = /^\+?[0-9][0-9 ()\-.]{5,30}$/;
const NAME_MAX = 100;

export type NotificationContactsSlot = (props: {
  userId: number;
  activeRole: SessionRole;
}) => ReactNode;

export type SettingsPageProps = {
  /** The person's own notification contacts; absent when the role may not read them. */
  renderNotificationContacts?: NotificationContactsSlot;
};

type SectionProps = {
  title: string;
  hint?: string;
  children: ReactNode;
  testId: string;
  /** The address fragment that leads to the section (`/settings#contacts`). */
  id?: string;
};

function Section({ title, hint, children, testId, id }: SectionProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, scrollMarginTop: 80 }}
      data-testid={testId}
      id={id}
    >
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {hint !== undefined && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

function ProfileForm() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const { user, updateUser } = useSignedInSession();
  const updateProfile = useUpdateProfile();
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [submitted, setSubmitted] = useState(false);
  const nameProblem = (value: string, required: string) =>
    value.trim() === '' ? required : value.trim().length > NAME_MAX ? formMessages.nameTooLong : '';
  const firstProblem = nameProblem(firstName, formMessages.firstNameRequired);
  const lastProblem = nameProblem(lastName, formMessages.lastNameRequired);
  const phoneProblem = phone.trim() === '' || PHONE.test(phone.trim()) ? '' : 'users.phoneInvalid';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (firstProblem !== '' || lastProblem !== '' || phoneProblem !== '') return;
    updateProfile.mutate(
      {
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        phone: phone.trim() === '' ? null : phone.trim(),
      },
      {
        onSuccess: (answer) => {
          updateUser(answer.user);
          showMessage(t('settingsPage.profileSaved'));
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="profile-form">
      <TextField label={t('users.fields.email')} value={user.email} disabled fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <TextField
          fullWidth
          required
          label={t('users.fields.firstName')}
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          error={submitted && firstProblem !== ''}
          helperText={submitted && firstProblem !== '' ? translate(firstProblem) : undefined}
          autoComplete="given-name"
        />
        <TextField
          fullWidth
          required
          label={t('users.fields.lastName')}
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          error={submitted && lastProblem !== ''}
          helperText={submitted && lastProblem !== '' ? translate(lastProblem) : undefined}
          autoComplete="family-name"
        />
      </Stack>
      <TextField
        fullWidth
        type="tel"
        label={t('users.fields.phone')}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={submitted && phoneProblem !== ''}
        helperText={submitted && phoneProblem !== '' ? t('users.phoneInvalid') : undefined}
        autoComplete="tel"
      />
      {updateProfile.error !== null && (
        <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
          {errorMessages(updateProfile.error).map(translate).join('\n')}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        loading={updateProfile.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('settingsPage.saveProfile')}
      </Button>
    </Stack>
  );
}

export function SettingsPage({ renderNotificationContacts }: SettingsPageProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const { user, roles, activeRole, updateUser } = useSignedInSession();
  const { settings, updateSettings } = useSettings();
  const mode = useTheme().palette.mode;
  const updateMfa = useUpdateMfaStatus();
  const [customizing, setCustomizing] = useState(false);
  const { hash } = useLocation();
  // A link to the contacts (the dashboard's prompt) brings them into view, on a phone too.
  useEffect(() => {
    if (hash === `#${CONTACTS_SECTION}`) {
      document.getElementById(CONTACTS_SECTION)?.scrollIntoView?.({ block: 'start' });
    }
  }, [hash]);
  const controls = headerControls(activeRoleContext(activeRole, roles.length));

  const toggleMfa = (enable: boolean) => {
    updateMfa.mutate(enable, {
      onSuccess: ({ message }) => {
        updateUser({ mfa: enable ? 1 : 0 });
        showMessage(translate(message));
      },
      onError: (error) => showMessage(errorMessages(error).map(translate).join('\n'), 'error'),
    });
  };

  return (
    <Stack spacing={3} data-testid="settings-page">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
        {t('settingsPage.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <Section
            title={t('settingsPage.profile')}
            hint={t('settingsPage.profileHint')}
            testId="settings-profile"
          >
            <ProfileForm />
          </Section>
          {renderNotificationContacts !== undefined && (
            <Section
              title={t('settingsPage.contacts')}
              hint={t('settingsPage.contactsHint')}
              testId="settings-contacts"
              id={CONTACTS_SECTION}
            >
              {renderNotificationContacts({ userId: user.id, activeRole })}
            </Section>
          )}
        </Stack>
        <Stack spacing={3}>
          {(controls.changePassword || controls.mfaToggle) && (
            <Section title={t('settingsPage.security')} testId="settings-security">
              <Stack spacing={2} sx={{ mt: 1 }}>
                {controls.changePassword && (
                  <Box>
                    <Typography sx={{ fontWeight: 500 }}>{t('auth.signedIn.password')}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                      {t('auth.signedIn.passwordHint')}
                    </Typography>
                    <Button
                      component={RouterLink}
                      to="/change-password"
                      variant="outlined"
                      startIcon={<LockResetRounded />}
                    >
                      {t('auth.signedIn.changePassword')}
                    </Button>
                  </Box>
                )}
                {controls.mfaToggle && (
                  <Box>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={user.mfa === 1}
                          disabled={updateMfa.isPending}
                          onChange={(event) => toggleMfa(event.target.checked)}
                        />
                      }
                      label={t('auth.signedIn.mfa')}
                    />
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('auth.signedIn.mfaHint')}
                    </Typography>
                  </Box>
                )}
              </Stack>
            </Section>
          )}
          <Section
            title={t('settings.language')}
            hint={t('settingsPage.languageHint')}
            testId="settings-language"
          >
            <LanguageSelect size="medium" />
          </Section>
          <Section
            title={t('settingsPage.appearance')}
            hint={t('settingsPage.appearanceHint')}
            testId="settings-appearance"
          >
            <Stack spacing={2}>
              <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                value={settings.mode}
                aria-label={t('customize.mode')}
                onChange={(_event, next: (typeof themeModes)[number] | null) => {
                  if (next !== null) updateSettings({ mode: next });
                }}
              >
                {themeModes.map((choice) => (
                  <ToggleButton key={choice} value={choice}>
                    {t(`customize.modes.${choice}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <Stack
                direction="row"
                role="radiogroup"
                aria-label={t('customize.preset')}
                sx={{ flexWrap: 'wrap', gap: 1 }}
              >
                {themePresets.map((preset) => {
                  const label = t(`customize.presets.${preset}`);
                  const selected = settings.preset === preset;
                  return (
                    <Tooltip key={preset} title={label}>
                      <Box
                        component="button"
                        type="button"
                        role="radio"
                        aria-checked={selected}
                        aria-label={label}
                        onClick={() => updateSettings({ preset })}
                        sx={{
                          width: 32,
                          height: 32,
                          borderRadius: '50%',
                          cursor: 'pointer',
                          bgcolor: presetColours[preset][mode],
                          border: 3,
                          borderColor: selected ? 'text.primary' : 'background.paper',
                          outline: 1,
                          outlineColor: 'divider',
                        }}
                      />
                    </Tooltip>
                  );
                })}
              </Stack>
              <Button
                startIcon={<TuneRounded />}
                onClick={() => setCustomizing(true)}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('settingsPage.moreOptions')}
              </Button>
            </Stack>
          </Section>
        </Stack>
      </Box>
      <CustomizationDrawer open={customizing} onClose={() => setCustomizing(false)} />
    </Stack>
  );
}
