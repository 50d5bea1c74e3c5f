// A titled section of the survey tab: a paper with a heading, optional actions beside it, and its
// content below; the tab's sections share it so they line up at every width.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type SurveyCardProps = {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
};

export function SurveyCard({ title, actions, children, 'data-testid': testId }: SurveyCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
      <Stack spacing={2}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {actions !== undefined && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {actions}
            </Stack>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
