// A micrometer's state (where it is in its life: stock … installed, defective) and status
// (whether it is heard) as small coloured chips.
import { SensorState, SensorStatus } from '@flowsight/domain/lookups';
import Chip from '@mui/material/Chip';
import { useMicrometerLabel } from '../utils/micrometer-format';

type ChipColor = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

const stateColors: Record<number, ChipColor> = {
  [SensorState.Stock]: 'default',
  [SensorState.Tested]: 'info',
  [SensorState.OfficeAssigned]: 'secondary',
  [SensorState.Installed]: 'success',
  [SensorState.Uninstalled]: 'warning',
  [SensorState.Defective]: 'error',
};
const statusColors: Record<number, ChipColor> = {
  [SensorStatus.Transmitting]: 'success',
  [SensorStatus.NotTransmitting]: 'error',
  [SensorStatus.NeverHeard]: 'default',
};

export type MicrometerStateChipProps = { stateId: number };

export function MicrometerStateChip({ stateId }: MicrometerStateChipProps) {
  const label = useMicrometerLabel();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={stateColors[stateId] ?? 'default'}
      label={label('states', stateId)}
      data-testid="state-chip"
    />
  );
}

export type MicrometerStatusChipProps = { statusId: number };

export function MicrometerStatusChip({ statusId }: MicrometerStatusChipProps) {
  const label = useMicrometerLabel();
  const color = statusColors[statusId] ?? 'default';
  return (
    <Chip
      size="small"
      variant={color === 'default' ? 'outlined' : 'filled'}
      color={color}
      label={label('statuses', statusId)}
      data-testid="status-chip"
    />
  );
}
