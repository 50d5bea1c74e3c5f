// The frame of the public email-action pages: one centred card with an icon, a heading and what
// follows — readable on a phone straight from the mail app.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type EmailActionCardProps = {
  icon: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  'data-testid'?: string;
};

export function EmailActionCard({
  icon,
  title,
  subtitle,
  children,
  'data-testid': testId,
}: EmailActionCardProps) {
  return (
    <Box
      data-testid={testId}
      sx={(theme) => ({
        flex: 1,
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        px: { xs: 2, sm: 4 },
        py: { xs: 3, sm: 8 },
        background: `radial-gradient(ellipse 80% 60% at 50% 0%, ${alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.18 : 0.1)}, transparent 70%)`,
      })}
    >
      <Paper
        variant="outlined"
        sx={(theme) => ({
          width: '100%',
          maxWidth: 520,
          px: { xs: 2.5, sm: 5 },
          py: { xs: 3.5, sm: 5 },
          borderRadius: 3,
          boxShadow: `0 24px 48px -24px ${alpha(theme.palette.primary.dark, 0.25)}`,
        })}
      >
        <Stack spacing={3}>
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Box
              sx={(theme) => ({
                width: 56,
                height: 56,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                color: 'primary.main',
                bgcolor: alpha(theme.palette.primary.main, 0.12),
                '& svg': { fontSize: 30 },
              })}
            >
              {icon}
            </Box>
            <Typography variant="h5" component="h1" sx={{ fontSize: { xs: 24, sm: 26 } }}>
              {title}
            </Typography>
            {subtitle !== undefined && (
              <Typography variant="body2" sx={{ color: 'text.secondary', fontSize: 15 }}>
                {subtitle}
              </Typography>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
