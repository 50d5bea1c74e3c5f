// The frame around a chart: a card with a title and actions, and the loading, empty and error
// states every chart shows in the same way.
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import InsertChartOutlinedRounded from '@mui/icons-material/InsertChartOutlinedRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Hides content visually while keeping it for screen readers. */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export type ChartCardProps = {
  title: string;
  /** A line under the title, e.g. the period shown. */
  subtitle?: ReactNode;
  /** Controls at the top right (granularity switch, date range…); wrap under the title on phones. */
  action?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
};

export function ChartCard({
  title,
  subtitle,
  action,
  children,
  'data-testid': testId,
}: ChartCardProps) {
  return (
    <Card component="section" aria-label={title} data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1.5 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
              {title}
            </Typography>
            {subtitle !== undefined && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {subtitle}
              </Typography>
            )}
          </Box>
          {action !== undefined && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

export type ChartEmptyProps = { text: string; 'data-testid'?: string };

export function ChartEmpty({ text, 'data-testid': testId }: ChartEmptyProps) {
  return (
    <Stack
      data-testid={testId}
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'center', py: 5, color: 'text.secondary' }}
    >
      <InsertChartOutlinedRounded aria-hidden />
      <Typography variant="body2" data-testid="chart-empty">
        {text}
      </Typography>
    </Stack>
  );
}

export function ChartLoading({ height = 240 }: { height?: number }) {
  const { t } = useTranslation();
  return (
    <Box role="progressbar" aria-label={t('usage.chart.loading')} data-testid="chart-loading">
      <Skeleton variant="rounded" height={height} />
    </Box>
  );
}

export type ChartErrorProps = { message?: string; onRetry?: () => void };

export function ChartError({ message, onRetry }: ChartErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      icon={<ErrorOutlineRounded />}
      data-testid="chart-error"
      action={
        onRetry === undefined ? undefined : (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('usage.chart.retry')}
          </Button>
        )
      }
    >
      {message ?? t('usage.chart.error')}
    </Alert>
  );
}
