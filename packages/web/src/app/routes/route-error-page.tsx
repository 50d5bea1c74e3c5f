import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { StatusMessage } from '@/components/status-message';
import { NotFoundPage } from './not-found-page';

function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * The route error boundary: a loader, action or page failed. People get a calm message and a way
 * on; the technical details are shown in development builds only.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage />;
  }

  return (
    <StatusMessage
      data-testid="error-page"
      icon={<ErrorOutlineRounded />}
      title={t('routeError.title')}
      description={t('routeError.description')}
      actions={
        <>
          <Button
            variant="contained"
            size="large"
            startIcon={<RefreshRounded />}
            // A full reload also recovers from a stale bundle after a deployment.
            onClick={() => window.location.reload()}
          >
            {t('routeError.retry')}
          </Button>
          <Button
            component={RouterLink}
            to="/"
            reloadDocument
            variant="outlined"
            size="large"
            startIcon={<HomeRounded />}
          >
            {t('common.backHome')}
          </Button>
        </>
      }
    >
      {import.meta.env.DEV && (
        <Box
          component="details"
          sx={{ width: '100%', textAlign: 'left', color: 'text.secondary', pt: 2 }}
        >
          <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
            {t('routeError.details')}
          </Typography>
          <Box
            component="pre"
            sx={{
              mt: 1,
              p: 2,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontSize: 12,
              overflowX: 'auto',
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
            }}
          >
            {describeError(error)}
          </Box>
        </Box>
      )}
    </StatusMessage>
  );
}
