// One key figure on an outlined card: a label, the figure, and an optional line under it. The
// figure is the card's accessible description, so a screen reader reads "Open alerts: 20". The
// grid the pages lay their cards out in: two a row on phones, more from the md breakpoint.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';

export type KpiCardProps = {
  label: string;
  value: string;
  /** A short line under the figure, e.g. "98 % of assigned". */
  detail?: ReactNode;
  /** Colours the figure when it asks for attention. */
  tone?: 'default' | 'warning' | 'error' | 'success';
  'data-testid'?: string;
};

const toneColor = {
  default: 'text.primary',
  warning: 'warning.main',
  error: 'error.main',
  success: 'success.main',
} as const;

export function KpiCard({
  label,
  value,
  detail,
  tone = 'default',
  'data-testid': testId,
}: KpiCardProps) {
  const labelId = useId();
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={labelId}
      data-testid={testId}
      sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2, minWidth: 0, breakInside: 'avoid' }}
    >
      <Typography
        id={labelId}
        variant="body2"
        sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
      >
        {label}
      </Typography>
      <Typography
        component="p"
        data-kpi-value
        sx={{
          fontSize: { xs: 19, sm: 26 },
          fontWeight: 700,
          lineHeight: 1.3,
          color: toneColor[tone],
          fontVariantNumeric: 'tabular-nums',
          overflowWrap: 'anywhere',
        }}
      >
        {value}
      </Typography>
      {detail !== undefined && (
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

export type KpiGridProps = {
  /** Cards a row from the md breakpoint (two below it). */
  columns?: number;
  children: ReactNode;
};

export function KpiGrid({ columns = 4, children }: KpiGridProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {children}
    </Box>
  );
}
