import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

export type PageLoaderProps = {
  /** Overrides the spinner's accessible name, "Loading…" by default. */
  label?: string;
};

/** Fills the page area with a centred spinner while a route's code or data loads. */
export function PageLoader({ label }: PageLoaderProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label={label ?? t('common.loading')} />
    </Box>
  );
}
