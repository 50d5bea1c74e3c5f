// The frame of the public email-action pages: one centred card with an icon, a heading and what
// follows — readable on a phone straight from the mail app.
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { CentredCard } from '@/components/layouts/centred-card';

export type EmailActionCardProps = {
  icon: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  'data-testid'?: string;
};

export function EmailActionCard({ icon, ...card }: EmailActionCardProps) {
  return (
    <CentredCard
      {...card}
      maxWidth={520}
      icon={
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
      }
    />
  );
}
