import LogoutRounded from '@mui/icons-material/LogoutRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { LanguageSelect } from '@/components/language-select';
import { ThemeModeToggle } from '@/components/theme-mode-toggle';
import { useSignedInSession } from '../hooks/use-auth';
import { defaultPathOf } from '../utils/landing-path';

type SignOutButtonProps = {
  onSignOut: () => void;
};

/** "Sign out" in words where there is room, as an icon with the same name on phones. */
function SignOutButton({ onSignOut }: SignOutButtonProps) {
  const { t } = useTranslation();
  const roomy = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const label = t('auth.signedIn.signOut');
  if (roomy) {
    return (
      <Button variant="outlined" startIcon={<LogoutRounded />} onClick={onSignOut}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onSignOut}>
        <LogoutRounded />
      </IconButton>
    </Tooltip>
  );
}

/**
 * The frame of signed-in pages until the application shell (header, drawer, breadcrumbs)
 * arrives: the brand, who is signed in, the interface settings and sign-out.
 */
export function SignedInLayout() {
  const { t } = useTranslation();
  const { user, activeRole, signOut } = useSignedInSession();

  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky">
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 1.5 }}>
            <Link
              component={RouterLink}
              to={defaultPathOf(activeRole)}
              underline="none"
              color="inherit"
              aria-label={t('app.homeLink')}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}
            >
              <BrandMark size={30} />
              <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
                {t('app.name')}
              </Typography>
            </Link>
            <Stack direction="row" spacing={1} sx={{ ml: 'auto', alignItems: 'center' }}>
              <Typography
                variant="body2"
                sx={{ display: { xs: 'none', md: 'block' }, color: 'text.secondary', mr: 1 }}
              >
                {user.email}
              </Typography>
              <LanguageSelect />
              <ThemeModeToggle />
              <SignOutButton onSignOut={signOut} />
            </Stack>
          </Toolbar>
        </Container>
      </AppBar>
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
