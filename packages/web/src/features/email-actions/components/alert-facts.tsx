// The alert an emailed link is about, as the email showed it: type, place, fixture, rate, cost
// and first detection in the property's own time zone.
import { NotificationType } from '@flowsight/domain/lookups';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { displayDate } from '@/lib/display-date';
import { numberFormats } from '@/lib/number-format';
import type { EmailLink } from '../api/get-email-link';

type LinkedAlert = NonNullable<EmailLink['alert']>;

const typeKeys = {
  [NotificationType.ContinuousFlow]: 'emailActions.types.continuousFlow',
  [NotificationType.HighUsage]: 'emailActions.types.highUsage',
  [NotificationType.NightFlow]: 'emailActions.types.nightFlow',
  [NotificationType.SensorOffline]: 'emailActions.types.sensorOffline',
  [NotificationType.LowBattery]: 'emailActions.types.lowBattery',
  [NotificationType.GatewayOffline]: 'emailActions.types.gatewayOffline',
  [NotificationType.UnaccountedWater]: 'emailActions.types.unaccountedWater',
} as const;
const isTypeId = (id: number): id is keyof typeof typeKeys => id in typeKeys;

const capitalised = (text: string | null) =>
  text === null || text === '' ? null : text.charAt(0).toUpperCase() + text.slice(1);

export type AlertFactsProps = { alert: LinkedAlert };

export function AlertFacts({ alert }: AlertFactsProps) {
  const { t, i18n } = useTranslation();
  const none = t('emailActions.facts.none');
  const { count, money } = numberFormats(i18n.language);
  const typeId = alert.notification_type_id;
  const facts: [key: string, label: string, value: string][] = [
    [
      'type',
      t('emailActions.facts.type'),
      isTypeId(typeId) ? t(typeKeys[typeId]) : t('emailActions.types.other'),
    ],
    ['address', t('emailActions.facts.address'), alert.address || none],
    ['property', t('emailActions.facts.property'), alert.property_name ?? none],
    ['room', t('emailActions.facts.room'), capitalised(alert.room) ?? none],
    [
      'fixture',
      t('emailActions.facts.fixture'),
      typeId === NotificationType.UnaccountedWater
        ? t('emailActions.facts.wholeBuilding')
        : (capitalised(alert.appliance) ?? none),
    ],
    [
      'rate',
      t('emailActions.facts.rate'),
      alert.rate === null ? none : t('emailActions.facts.rateValue', { rate: count(alert.rate) }),
    ],
    [
      'cost',
      t('emailActions.facts.monthlyCost'),
      alert.monthly_cost === null ? none : money(alert.monthly_cost),
    ],
    [
      'first-detected',
      t('emailActions.facts.firstDetected'),
      `${displayDate(alert.first_detected, i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: alert.time_zone,
      })} (${alert.time_zone})`,
    ],
  ];

  return (
    <Box
      component="dl"
      data-testid="email-action-alert"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1 },
        p: 2,
        borderRadius: 2,
        bgcolor: 'action.hover',
      }}
    >
      {facts.map(([key, label, value]) => (
        <Box key={key} sx={{ display: 'contents' }} data-testid={`fact-${key}`}>
          <Typography
            component="dt"
            variant="body2"
            sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}
          >
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
