// An alert's status as a small coloured chip: New (error), Acknowledged (warning), Closed.
import { NotificationStatus } from '@flowsight/domain/lookups';
import Chip from '@mui/material/Chip';
import { useAlertLabel } from '../utils/alert-format';

const colours = {
  [NotificationStatus.New]: 'error',
  [NotificationStatus.Acknowledged]: 'warning',
  [NotificationStatus.Closed]: 'default',
} as const;

export type AlertStatusChipProps = { statusId: number };

export function AlertStatusChip({ statusId }: AlertStatusChipProps) {
  const label = useAlertLabel();
  const colour = statusId in colours ? colours[statusId as keyof typeof colours] : 'default';
  return (
    <Chip
      size="small"
      label={label('statuses', statusId)}
      color={colour}
      variant={statusId === NotificationStatus.Closed ? 'outlined' : 'filled'}
      data-testid="alert-status"
    />
  );
}
