import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type StatusMessageProps = {
  icon: ReactNode;
  /** A status number shown large above the title, e.g. 404. */
  code?: number;
  title: string;
  description: string;
  /** Buttons that lead the person on. */
  actions?: ReactNode;
  /** Extra content under the actions, e.g. error details for developers. */
  children?: ReactNode;
  'data-testid'?: string;
};

/** A full-area, centred message for pages that stand in for content: not found, failed, empty. */
export function StatusMessage({
  icon,
  code,
  title,
  description,
  actions,
  children,
  'data-testid': testId,
}: StatusMessageProps) {
  return (
    <Box
      data-testid={testId}
      sx={{
        flex: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: { xs: 3, sm: 4 },
        py: { xs: 6, sm: 10 },
      }}
    >
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 560 }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 72,
            height: 72,
            display: 'grid',
            placeItems: 'center',
            borderRadius: '50%',
            color: theme.palette.primary.main,
            bgcolor: alpha(theme.palette.primary.main, 0.1),
            '& svg': { fontSize: 36 },
          })}
        >
          {icon}
        </Box>
        {code !== undefined && (
          <Typography
            aria-hidden
            sx={{
              fontSize: { xs: 56, sm: 72 },
              fontWeight: 800,
              lineHeight: 1,
              letterSpacing: '-0.04em',
              color: 'primary.main',
            }}
          >
            {code}
          </Typography>
        )}
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
          {title}
        </Typography>
        <Typography variant="body1" sx={{ color: 'text.secondary', fontSize: { sm: 17 } }}>
          {description}
        </Typography>
        {actions !== undefined && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}
          >
            {actions}
          </Stack>
        )}
        {children}
      </Stack>
    </Box>
  );
}
