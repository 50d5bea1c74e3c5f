import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/brand-mark';

export type CentredCardProps = {
  title: string;
  /** One or two sentences under the title. */
  subtitle?: ReactNode;
  /** Replaces the brand mark above the title, e.g. a mail icon on "check your mail". */
  icon?: ReactNode;
  children?: ReactNode;
  /** Links under the card's content, e.g. "Back to sign in". */
  footer?: ReactNode;
  /** The card's widest, in pixels (448 for a form). */
  maxWidth?: number;
  'data-testid'?: string;
};

/**
 * One centred card on a quiet page with a heading, what follows and a way back: the frame of the
 * sign-in pages and of the public pages an e-mail's link opens, readable on a phone.
 */
export function CentredCard({
  title,
  subtitle,
  icon,
  children,
  footer,
  maxWidth = 448,
  'data-testid': testId,
}: CentredCardProps) {
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
          maxWidth,
          px: { xs: 2.5, sm: 5 },
          py: { xs: 3.5, sm: 5 },
          borderRadius: 3,
          boxShadow: `0 24px 48px -24px ${alpha(theme.palette.primary.dark, 0.25)}`,
        })}
      >
        <Stack spacing={3}>
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
            {icon ?? <BrandMark size={48} />}
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
          {footer !== undefined && (
            <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
              {footer}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
