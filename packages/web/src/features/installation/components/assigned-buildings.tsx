// "Assigned to you": the buildings a company admin assigned this installer to, in the server's
// order (soonest first), above the property choice; one tap starts installing in that building.
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import EventRounded from '@mui/icons-material/EventRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { displayDate } from '@/lib/display-date';
import type { AssignedBuilding } from '../api/get-my-installations';
import { ListStatus } from './list-status';

export type AssignedBuildingsProps = {
  assignments: readonly AssignedBuilding[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onPick: (assignment: AssignedBuilding) => void;
};

const statusColor = { scheduled: 'default', in_progress: 'warning', done: 'success' } as const;

/** A calendar day ('YYYY-MM-DD') as the day it names wherever the installer is. */
function useScheduledDay() {
  const { t, i18n } = useTranslation();
  return (day: string | null) =>
    day === null
      ? t('installation.assigned.notScheduled')
      : displayDate(`${day}T12:00:00Z`, i18n.language, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        });
}

type AssignedRowProps = { assignment: AssignedBuilding; onPick: () => void };

function AssignedRow({ assignment, onPick }: AssignedRowProps) {
  const { t } = useTranslation();
  const scheduledDay = useScheduledDay();
  return (
    <ListItemButton
      onClick={onPick}
      divider
      sx={{ minHeight: 72, gap: 1.5, py: 1.25 }}
      data-testid="assigned-building"
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, fontSize: 17, overflowWrap: 'anywhere' }}>
          {assignment.building_name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {assignment.property_name}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.75 }}
        >
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <EventRounded fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
            <Typography variant="body2" data-testid="assigned-date">
              {scheduledDay(assignment.scheduled_date)}
            </Typography>
          </Stack>
          <Chip
            size="small"
            color={statusColor[assignment.status]}
            label={t(`installation.assigned.status.${assignment.status}`)}
          />
        </Stack>
      </Box>
      <ChevronRightRounded sx={{ color: 'text.secondary' }} />
    </ListItemButton>
  );
}

export function AssignedBuildings({
  assignments,
  loading,
  error,
  onRetry,
  onPick,
}: AssignedBuildingsProps) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="assigned-buildings-title"
      sx={{ borderRadius: 3, overflow: 'hidden' }}
      data-testid="assigned-buildings"
    >
      <Box sx={{ px: 2, pt: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id="assigned-buildings-title" variant="h6" component="h2">
          {t('installation.assigned.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('installation.assigned.hint')}
        </Typography>
      </Box>
      <ListStatus
        loading={loading}
        error={error}
        onRetry={onRetry}
        count={assignments?.length}
        empty={t('installation.assigned.empty')}
        emptyTestId="assigned-empty"
      >
        <List disablePadding>
          {(assignments ?? []).map((assignment) => (
            <AssignedRow
              key={assignment.installer_id}
              assignment={assignment}
              onPick={() => onPick(assignment)}
            />
          ))}
        </List>
      </ListStatus>
    </Paper>
  );
}
