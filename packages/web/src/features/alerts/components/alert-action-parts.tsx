// What a row and the dialog show about who acts on an alert: its last action in words
// ("Acknowledged · 2 hours ago · Maya Manager", "System" when the system did it), a snooze
// ("Snoozed until … — reason"), the device's other open alerts as small chips ("also: Low
// battery"), each opening that alert, and the leak incident an alert belongs to (docs/detection.md,
// "Incidents"): the alerts that describe the same water, costed once.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { timeAgo } from '@/lib/time-ago';
import type { ActionableAlert, AlertLastAction } from '../api/alert-actions';
import { NO_VALUE, useAlertFormat, useAlertLabel } from '../utils/alert-format';

const kindKeys = {
  opened: 'opened',
  acknowledged: 'acknowledged',
  closed: 'closed',
  assigned: 'assigned',
  unassigned: 'unassigned',
  snoozed: 'snoozed',
  'snooze-ended': 'snoozeEnded',
  reopened: 'reopened',
} as const satisfies Record<AlertLastAction['kind'], string>;

/** The last action's kind, when and by whom, as words; null when the alert has none. */
export function useLastActionText() {
  const { t, i18n } = useTranslation();
  return (action: AlertLastAction | null | undefined) =>
    action === null || action === undefined
      ? null
      : {
          kind: t(`alerts.lastAction.${kindKeys[action.kind]}`),
          when: timeAgo(action.at, Date.now(), i18n.language),
          by: action.by ?? t('alerts.lastAction.system'),
        };
}

export function LastActionCell({ alert }: { alert: ActionableAlert }) {
  const text = useLastActionText()(alert.last_action);
  if (text === null) return <>{NO_VALUE}</>;
  return (
    <>
      {text.kind}
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {text.when} · {text.by}
      </Typography>
    </>
  );
}

/** "Snoozed until Nov 27, 9:00 AM — tenant away", or nothing when the alert is not snoozed. */
export function useSnoozedText() {
  const { t } = useTranslation();
  const format = useAlertFormat();
  return (alert: ActionableAlert) =>
    alert.snoozed_until === null || alert.snoozed_until === undefined
      ? null
      : t('alerts.snooze.snoozedUntil', {
          until: format.date(alert.snoozed_until),
          reason: alert.snooze_reason ?? '',
        });
}

export function SnoozedLine({ alert }: { alert: ActionableAlert }) {
  const text = useSnoozedText()(alert);
  if (text === null) return null;
  return (
    <Typography
      variant="caption"
      component="div"
      sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 150, overflowWrap: 'anywhere' }}
      data-testid="alert-snoozed"
    >
      {text}
    </Typography>
  );
}

export type DeviceAlertChipsProps = {
  alert: ActionableAlert;
  onOpenAlert: (id: number) => void;
};

/** The device's other open alerts as chips; nothing when it has none. */
export function DeviceAlertChips({ alert, onOpenAlert }: DeviceAlertChipsProps) {
  const { t } = useTranslation();
  const label = useAlertLabel();
  const others = alert.device_open_alerts ?? [];
  if (others.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}
      data-testid="alert-device-alerts"
    >
      <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
        {t('alerts.device.also')}
      </Box>
      {others.map((other) => (
        <Chip
          key={other.id}
          size="small"
          variant="outlined"
          label={label('types', other.notification_type_id)}
          aria-label={t('alerts.device.open', {
            type: label('types', other.notification_type_id),
            id: other.id,
          })}
          onClick={(event) => {
            event.stopPropagation();
            onOpenAlert(other.id);
          }}
        />
      ))}
    </Stack>
  );
}

type AlertIncidentProps = {
  alert: Pick<ActionableAlert, 'id' | 'incident'>;
  /** Opens another alert of the incident; without it the ids are named, not offered. */
  onOpenAlert?: ((id: number) => void) | undefined;
};

/**
 * An open leak alert's incident, when other alerts describe the same water: the lead says what
 * the leak costs with each gallon counted once; the others say which alert holds their water.
 */
export function AlertIncident({ alert, onOpenAlert }: AlertIncidentProps) {
  const { t } = useTranslation();
  const format = useAlertFormat();
  const { incident } = alert;
  if (incident === null || incident.alert_ids.length < 2) return null;
  const lead = incident.id === alert.id;
  const others = incident.alert_ids.filter((id) => id !== alert.id);
  const figures = {
    count: incident.alert_ids.length,
    rate: format.rate(incident),
    cost: format.cost(incident),
    id: incident.id,
  };
  return (
    <Box
      sx={{ borderLeft: 3, borderColor: 'info.main', pl: 1.5, py: 0.5 }}
      data-testid="alert-incident"
    >
      <Typography variant="body2">
        {lead ? t('alerts.incident.lead', figures) : t('alerts.incident.member', figures)}
      </Typography>
      <Stack
        direction="row"
        spacing={0.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}
      >
        <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
          {t(lead ? 'alerts.incident.others' : 'alerts.incident.together')}
        </Box>
        {others.map((id) =>
          onOpenAlert === undefined ? (
            <Chip
              key={id}
              size="small"
              variant="outlined"
              label={t('alerts.incident.alert', { id })}
            />
          ) : (
            <Chip
              key={id}
              size="small"
              variant="outlined"
              label={t('alerts.incident.alert', { id })}
              aria-label={t('alerts.incident.open', { id })}
              onClick={() => onOpenAlert(id)}
            />
          ),
        )}
      </Stack>
    </Box>
  );
}

/** A row's short word on its incident ("In the leak of alert 255"); null for a leak of its own. */
export function useIncidentNote() {
  const { t } = useTranslation();
  return (alert: Pick<ActionableAlert, 'id' | 'incident'>) => {
    const { incident } = alert;
    if (incident === null || incident.alert_ids.length < 2) return null;
    return incident.id === alert.id
      ? t('alerts.incident.leadShort', { count: incident.alert_ids.length })
      : t('alerts.incident.memberShort', { id: incident.id });
  };
}
