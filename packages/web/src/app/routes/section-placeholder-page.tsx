// What a route of the specification shows until its screen is built: the page title and a plain
// note that the section arrives soon — never invented data.
import ConstructionRounded from '@mui/icons-material/ConstructionRounded';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type en from '@/i18n/locales/en.json';

/** The route handle naming the page (a catalogue key under `nav`). */
export type PageHandle = { titleKey: `nav.${keyof (typeof en)['nav']}` };

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

export function usePageTitle(): string {
  const { t } = useTranslation();
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isPageHandle)
    .at(-1);
  return handle === undefined ? t('app.name') : t(handle.titleKey);
}

export function SectionPlaceholderPage() {
  const { t } = useTranslation();
  const title = usePageTitle();

  return (
    <Stack spacing={3} data-testid="section-placeholder">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
        {title}
      </Typography>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, sm: 5 },
          borderRadius: 3,
          borderStyle: 'dashed',
          textAlign: 'center',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1.5,
        }}
      >
        <ConstructionRounded color="primary" sx={{ fontSize: 44 }} />
        <Typography variant="h6" component="p">
          {t('placeholder.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 520 }}>
          {t('placeholder.description', { section: title })}
        </Typography>
      </Paper>
    </Stack>
  );
}
