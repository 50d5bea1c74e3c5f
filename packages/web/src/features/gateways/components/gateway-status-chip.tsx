// A gateway's status as a coloured chip (online green, offline red, maintenance amber).
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { gatewayStatusColour, gatewayStatusKey } from '../utils/gateway-status';

export type GatewayStatusChipProps = { statusId: number };

export function GatewayStatusChip({ statusId }: GatewayStatusChipProps) {
  const { t } = useTranslation();
  const key = gatewayStatusKey(statusId);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={gatewayStatusColour(statusId)}
      label={key === null ? String(statusId) : t(key)}
      data-testid="gateway-status"
    />
  );
}
