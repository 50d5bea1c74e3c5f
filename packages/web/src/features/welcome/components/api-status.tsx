import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { type ApiHealth, useHealth } from '../api/get-health';

type ApiStatusState = ApiHealth | 'checking';

const dotColor = {
  checking: 'text.disabled',
  online: 'success.main',
  offline: 'error.main',
} as const satisfies Record<ApiStatusState, string>;

export type ApiStatusProps = {
  size?: 'small' | 'medium';
};

/** A chip that says whether the Flowsight API answers, refreshed every half minute. */
export function ApiStatus({ size = 'medium' }: ApiStatusProps) {
  const { t } = useTranslation();
  const { data } = useHealth();
  const state: ApiStatusState = data ?? 'checking';

  const label = {
    checking: t('welcome.apiStatus.checking'),
    online: t('welcome.apiStatus.online'),
    offline: t('welcome.apiStatus.offline'),
  } satisfies Record<ApiStatusState, string>;

  return (
    <Chip
      role="status"
      size={size}
      variant="outlined"
      label={label[state]}
      icon={
        <Box
          component="span"
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: dotColor[state], ml: 1.25 }}
        />
      }
      sx={{ bgcolor: 'background.paper', fontWeight: 500 }}
    />
  );
}
