import { SNACKBAR_AUTO_HIDE_MS } from '@flowsight/domain/constants';
import { isCompanyRole, isSystemRole, roleTypeName } from '@flowsight/domain/roles';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import LockResetRounded from '@mui/icons-material/LockResetRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useUpdateMfaStatus } from '../api/update-mfa-status';
import { RoleSwitchMenu } from '../components/role-switch-menu';
import { useSignedInSession } from '../hooks/use-auth';
import { forgetRoleSwitch, peekRoleSwitch } from '../utils/role-switch-notice';

type Notice = { message: string; severity: AlertColor };

type SectionProps = {
  title: string;
  icon: ReactNode;
  children: ReactNode;
};

function Section({ title, icon, children }: SectionProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3, display: 'flex', flexDirection: 'column' }}
    >
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', mb: 2 }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: 17 }}>
          {title}
        </Typography>
      </Stack>
      {children}
    </Paper>
  );
}

type DetailProps = {
  label: string;
  children: ReactNode;
};

function Detail({ label, children }: DetailProps) {
  return (
    <Box>
      <Typography
        component="dt"
        variant="caption"
        sx={{ color: 'text.secondary', fontWeight: 600, textTransform: 'uppercase' }}
      >
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toLocaleUpperCase();
}

/**
 * The interim signed-in page, shown at every role's default path until the application shell
 * arrives: who is signed in, as which role, and the account controls the spec's header offers
 * (switch role, MFA, change password; sign out is in the bar above).
 */
export function SignedInPage() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { user, roles, activeRole, switchRole, updateUser } = useSignedInSession();
  const updateMfa = useUpdateMfaStatus();
  const [notice, setNotice] = useState<Notice | null>(() => {
    const switchedTo = peekRoleSwitch();
    return switchedTo === null
      ? null
      : { message: t('auth.signedIn.roleSelected', { role: switchedTo }), severity: 'success' };
  });
  const [noticeOpen, setNoticeOpen] = useState(notice !== null);
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const mfaEnabled = user.mfa === 1;
  const roleTypeId = activeRole.user_role_type_id;
  const offersMfa = !isSystemRole(roleTypeId);
  const offersPasswordChange = isSystemRole(roleTypeId) || isCompanyRole(roleTypeId);

  // The role-switch notice is shown once, on the page the switch reloaded into.
  useEffect(forgetRoleSwitch, []);

  const show = (message: string, severity: AlertColor) => {
    setNotice({ message, severity });
    setNoticeOpen(true);
  };

  const toggleMfa = () => {
    const enable = !mfaEnabled;
    updateMfa.mutate(enable, {
      onSuccess: ({ message }) => {
        updateUser({ mfa: enable ? 1 : 0 });
        show(translate(message), 'success');
      },
      onError: (error) => show(errorMessages(error).map(translate).join('\n'), 'error'),
    });
  };

  const changeRole = (roleId: number) =>
    switchRole(roleId).catch((error: unknown) =>
      show(errorMessages(error).map(translate).join('\n'), 'error'),
    );

  return (
    <Container data-testid="signed-in-page" maxWidth="md" sx={{ py: { xs: 3, sm: 6 } }}>
      <Stack spacing={{ xs: 2.5, sm: 3 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center' }}>
          <Avatar
            aria-hidden
            sx={{
              display: { xs: 'none', sm: 'flex' },
              width: 56,
              height: 56,
              bgcolor: 'primary.main',
              fontWeight: 700,
            }}
          >
            {initials(user.first_name, user.last_name)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
              {t('auth.signedIn.greeting', { name: user.first_name || fullName })}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {t('auth.signedIn.intro')}
            </Typography>
          </Box>
        </Stack>

        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2.5, sm: 3 },
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          <Section title={t('auth.signedIn.account')} icon={<PersonOutlineRounded />}>
            <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
              <Detail label={t('auth.signedIn.name')}>{fullName}</Detail>
              <Detail label={t('auth.signedIn.email')}>{user.email}</Detail>
            </Stack>
          </Section>

          <Section title={t('auth.signedIn.activeRole')} icon={<BadgeOutlined />}>
            <Stack spacing={2} sx={{ flex: 1, alignItems: 'flex-start' }}>
              <Box>
                {activeRole.description !== roleTypeName(roleTypeId) && (
                  <Chip
                    size="small"
                    color="primary"
                    variant="outlined"
                    label={roleTypeName(roleTypeId)}
                    sx={{ mb: 1, fontWeight: 600 }}
                  />
                )}
                <Typography data-testid="active-role" sx={{ fontWeight: 500 }}>
                  {activeRole.description}
                </Typography>
              </Box>
              {roles.length > 1 && (
                <Box sx={{ mt: 'auto' }}>
                  <RoleSwitchMenu
                    roles={roles}
                    activeRoleId={activeRole.id}
                    onSwitch={changeRole}
                  />
                </Box>
              )}
            </Stack>
          </Section>
        </Box>

        {(offersMfa || offersPasswordChange) && (
          <Section title={t('auth.signedIn.security')} icon={<ShieldOutlined />}>
            <Stack divider={<Divider flexItem />} spacing={2}>
              {offersMfa && (
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
                >
                  <Box sx={{ flex: 1 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography sx={{ fontWeight: 500 }}>{t('auth.signedIn.mfa')}</Typography>
                      <Chip
                        size="small"
                        color={mfaEnabled ? 'success' : 'default'}
                        label={mfaEnabled ? t('auth.signedIn.mfaOn') : t('auth.signedIn.mfaOff')}
                      />
                    </Stack>
                    <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                      {t('auth.signedIn.mfaHint')}
                    </Typography>
                  </Box>
                  <Button variant="outlined" loading={updateMfa.isPending} onClick={toggleMfa}>
                    {mfaEnabled ? t('auth.signedIn.disableMfa') : t('auth.signedIn.enableMfa')}
                  </Button>
                </Stack>
              )}
              {offersPasswordChange && (
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
                >
                  <Box sx={{ flex: 1 }}>
                    <Typography sx={{ fontWeight: 500 }}>{t('auth.signedIn.password')}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                      {t('auth.signedIn.passwordHint')}
                    </Typography>
                  </Box>
                  <Button
                    component={RouterLink}
                    to="/change-password"
                    variant="outlined"
                    startIcon={<LockResetRounded />}
                  >
                    {t('auth.signedIn.changePassword')}
                  </Button>
                </Stack>
              )}
            </Stack>
          </Section>
        )}
      </Stack>

      <Snackbar
        open={noticeOpen}
        autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setNoticeOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          variant="filled"
          severity={notice?.severity ?? 'success'}
          closeText={t('auth.signedIn.close')}
          onClose={() => setNoticeOpen(false)}
          sx={{ whiteSpace: 'pre-line', width: '100%' }}
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </Container>
  );
}
