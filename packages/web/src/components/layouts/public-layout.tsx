import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useMatch } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { FrameLanguageSelect } from '@/components/frame-language-select';
import { ThemeModeToggle } from '@/components/theme-mode-toggle';

/** Pages reachable without signing in: a slim bar with the brand and the interface settings. */
export function PublicLayout() {
  const { t } = useTranslation();
  // The home page shows the brand large itself; elsewhere the bar's brand leads back home.
  const isHome = useMatch('/') !== null;

  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky">
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 1.5 }}>
            {!isHome && (
              <Link
                component={RouterLink}
                to="/"
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
            )}
            <Stack direction="row" spacing={1} sx={{ ml: 'auto', alignItems: 'center' }}>
              <FrameLanguageSelect />
              <ThemeModeToggle />
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
