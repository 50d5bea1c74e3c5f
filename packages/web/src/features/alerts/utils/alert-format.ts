// How alerts read on screen, in the interface language: status, category and type names by id,
// rates in gallons per month, monthly cost in dollars, dates through the app's display rule
// ('N/A' when empty), and the fixture and place lines (a building-level alert — unaccounted water —
// has no fixture: it reads "Whole building").
import {
  NotificationStatus,
  NotificationType,
  notificationCategories,
  notificationStatuses,
  notificationTypes,
} from '@flowsight/domain/lookups';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDate } from '@/lib/display-date';
import { numberFormats } from '@/lib/number-format';

export const NO_VALUE = '—';

const lookups = {
  statuses: notificationStatuses,
  categories: notificationCategories,
  types: notificationTypes,
} as const;
export type AlertLookup = keyof typeof lookups;

/** `(lookup, id) → name` in the interface language; an unknown id shows the domain's name. */
export function useAlertLabel(): (lookup: AlertLookup, id: number) => string {
  const { t } = useTranslation();
  return useCallback(
    (lookup: AlertLookup, id: number) => {
      const names: Record<string, string> = t(`alerts.lookups.${lookup}`, {
        returnObjects: true,
      });
      const rows: readonly { id: number; name: string }[] = lookups[lookup];
      return names[String(id)] ?? rows.find((row) => row.id === id)?.name ?? String(id);
    },
    [t],
  );
}

/** The options of a lookup select, translated. */
export function useAlertOptions(lookup: AlertLookup): { id: number; label: string }[] {
  const label = useAlertLabel();
  return useMemo(
    () => lookups[lookup].map((row) => ({ id: row.id, label: label(lookup, row.id) })),
    [label, lookup],
  );
}

/** Type options, only those of `categoryId` when one is chosen. */
export function useAlertTypeOptions(categoryId: number | null) {
  const options = useAlertOptions('types');
  return useMemo(
    () =>
      options.filter(
        (option) =>
          categoryId === null ||
          notificationTypes.some((type) => type.id === option.id && type.categoryId === categoryId),
      ),
    [options, categoryId],
  );
}

export const isOpenAlert = (statusId: number) => statusId !== NotificationStatus.Closed;

type AlertLike = {
  notification_type_id: number;
  rate: number | null;
  monthly_cost: number | null;
  appliance_type_id: number | null;
  appliance: string | null;
  room_type_id: number | null;
  room: string | null;
  mac_address: string | null;
  gateway_serial: string | null;
  company_name: string | null;
  property_name: string | null;
  building_name: string | null;
  unit_name: string | null;
};

export function useAlertFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const { count, money } = numberFormats(language);
    // Fixture and room names are the catalogue's (shared with the micrometer pages); the
    // server's English name, capitalised, stands in for an id the catalogue lacks.
    const fixtures: Record<string, string> = t('micrometers.lookups.fixtures', {
      returnObjects: true,
    });
    const rooms: Record<string, string> = t('micrometers.lookups.rooms', { returnObjects: true });
    const named = (names: Record<string, string>, id: number | null, fallback: string | null) =>
      (id === null ? undefined : names[String(id)]) ??
      (fallback === null || fallback === ''
        ? null
        : fallback.charAt(0).toLocaleUpperCase() + fallback.slice(1));
    const appliance = (alert: Pick<AlertLike, 'appliance_type_id' | 'appliance'>) =>
      named(fixtures, alert.appliance_type_id, alert.appliance);
    const room = (alert: Pick<AlertLike, 'room_type_id' | 'room'>) =>
      named(rooms, alert.room_type_id, alert.room);
    return {
      appliance,
      room,
      /** e.g. '21,600 gal/month'. */
      rate: (alert: Pick<AlertLike, 'rate'>) =>
        alert.rate === null ? NO_VALUE : t('alerts.ratePerMonth', { rate: count(alert.rate) }),
      cost: (alert: Pick<AlertLike, 'monthly_cost'>) =>
        alert.monthly_cost === null ? NO_VALUE : money(alert.monthly_cost),
      date: (value: string | null | undefined) => displayDate(value, language),
      /** The day and, apart, the time ('N/A' and no time when there is none), for narrow cells. */
      dateParts: (value: string | null | undefined) => {
        const day = displayDate(value, language, { dateStyle: 'medium' });
        const time = displayDate(value, language, { timeStyle: 'short' });
        return { day, time: day === time ? null : time };
      },
      /** Fixture and room, e.g. 'Main toilet · Main bathroom'; 'Whole building' for unaccounted water. */
      fixture: (
        alert: Pick<
          AlertLike,
          'notification_type_id' | 'appliance_type_id' | 'appliance' | 'room_type_id' | 'room'
        >,
      ) =>
        alert.notification_type_id === NotificationType.UnaccountedWater
          ? t('alerts.wholeBuilding')
          : [appliance(alert), room(alert)].filter(Boolean).join(' · ') || NO_VALUE,
      /** The micrometer's MAC, or the gateway's serial for a gateway alert. */
      device: (alert: Pick<AlertLike, 'mac_address' | 'gateway_serial'>) =>
        alert.mac_address ?? alert.gateway_serial ?? '',
      /** Company › property › building › unit, as far as the alert goes. */
      place: (
        alert: Pick<AlertLike, 'company_name' | 'property_name' | 'building_name' | 'unit_name'>,
      ) =>
        [alert.company_name, alert.property_name, alert.building_name, alert.unit_name]
          .filter(Boolean)
          .join(' › ') || NO_VALUE,
    };
  }, [language, t]);
}
