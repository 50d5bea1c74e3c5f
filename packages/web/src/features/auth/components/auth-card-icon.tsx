import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

export type AuthCardIconProps = {
  children: ReactNode;
  color?: 'primary' | 'success' | 'warning' | 'error';
};

/** A large round icon that tells at a glance what a sign-in page is about (mail sent, bad link). */
export function AuthCardIcon({ children, color = 'primary' }: AuthCardIconProps) {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        width: 64,
        height: 64,
        display: 'grid',
        placeItems: 'center',
        borderRadius: '50%',
        color: theme.palette[color].main,
        bgcolor: alpha(theme.palette[color].main, 0.12),
        '& svg': { fontSize: 32 },
      })}
    >
      {children}
    </Box>
  );
}

/** The broken-link icon of a sign-in page whose emailed link is invalid or used up. */
export function InvalidLinkIcon() {
  return (
    <AuthCardIcon color="warning">
      <LinkOffRounded />
    </AuthCardIcon>
  );
}
