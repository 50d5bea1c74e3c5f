import MenuBookRounded from '@mui/icons-material/MenuBookRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/brand-mark';
import { ApiStatus } from '../components/api-status';

/** Where the OpenAPI document's interactive UI is served (by the server, not this app). */
const API_DOCS_PATH = '/api/docs';

/** The root page until sign-in arrives: what Flowsight is, and where its API is described. */
export function WelcomePage() {
  const { t } = useTranslation();

  return (
    <Box
      sx={(theme) => ({
        flex: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: { xs: 3, sm: 4 },
        py: { xs: 8, sm: 12 },
        background: `radial-gradient(ellipse 80% 60% at 50% 0%, ${alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.18 : 0.12)}, transparent 70%)`,
      })}
    >
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 640 }}>
        <BrandMark size={72} />
        <Typography
          variant="h2"
          component="h1"
          sx={{ fontSize: { xs: 40, sm: 56 }, lineHeight: 1.1 }}
        >
          {t('app.name')}
        </Typography>
        <Typography
          variant="h6"
          component="p"
          sx={{ color: 'text.secondary', fontWeight: 400, fontSize: { xs: 18, sm: 21 } }}
        >
          {t('app.tagline')}
        </Typography>
        <Stack spacing={2} sx={{ alignItems: 'center', pt: 1 }}>
          <Button
            href={API_DOCS_PATH}
            variant="contained"
            size="large"
            startIcon={<MenuBookRounded />}
          >
            {t('welcome.apiDocs')}
          </Button>
          <ApiStatus />
        </Stack>
      </Stack>
    </Box>
  );
}
