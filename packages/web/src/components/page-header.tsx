// A page's heading row: its title (the page's h1) and intro on the left, its main action on the
// right — under them on phones.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: ReactNode;
  intro: ReactNode;
  /** Keeps a long intro to a readable line length. */
  introMaxWidth?: number;
  action?: ReactNode;
};

export function PageHeader({ title, intro, introMaxWidth, action }: PageHeaderProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, justifyContent: 'space-between' }}
    >
      <div>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5, maxWidth: introMaxWidth }}>
          {intro}
        </Typography>
      </div>
      {action}
    </Stack>
  );
}
