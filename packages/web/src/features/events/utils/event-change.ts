// An event's from/to values (free JSON written by each module) as "field: before → after" lines.
// Objects are compared field by field; anything else is one line without a field name. The raw
// lines are then shown in the interface language (useEventPresenter): lookup ids by their names,
// numbers rounded in the user's locale, actions and field names from the catalogue.
import { gatewayStatuses } from '@flowsight/domain/lookups';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormats } from '@/lib/number-format';

export type ChangeLine = { field: string | null; from: unknown; to: unknown };

const MAX_TEXT = 120;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function changeLines(from: unknown, to: unknown): ChangeLine[] {
  if ((from === null || from === undefined) && (to === null || to === undefined)) return [];
  if ((isRecord(from) || from == null) && (isRecord(to) || to == null)) {
    const before = isRecord(from) ? from : {};
    const after = isRecord(to) ? to : {};
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return fields.map((field) => ({
      field,
      from: from == null ? undefined : (before[field] ?? null),
      to: to == null ? undefined : (after[field] ?? null),
    }));
  }
  return [{ field: null, from: from ?? undefined, to: to ?? null }];
}

/** The catalogue maps (id → name) that name the ids of a lookup. */
type LookupCatalogue =
  | 'alerts.lookups.statuses'
  | 'alerts.lookups.types'
  | 'micrometers.lookups.states'
  | 'micrometers.lookups.statuses'
  | 'micrometers.lookups.fixtures'
  | 'micrometers.lookups.rooms'
  | 'micrometers.lookups.waters'
  | 'portfolio.lookups.companyTypes'
  | 'portfolio.lookups.propertyTypes'
  | 'portfolio.lookups.buildingTypes'
  | 'portfolio.lookups.installationTypes'
  | 'portfolio.lookups.unitTypes'
  | 'portfolio.lookups.unitStates'
  | 'portfolio.lookups.unitCategories'
  | 'gateways';

/** Fields whose value is a lookup id, whatever the entity. */
const lookupOfField: Readonly<Record<string, LookupCatalogue>> = {
  sensor_state_id: 'micrometers.lookups.states',
  sensor_status_id: 'micrometers.lookups.statuses',
  appliance_type_id: 'micrometers.lookups.fixtures',
  room_type_id: 'micrometers.lookups.rooms',
  water_type_id: 'micrometers.lookups.waters',
  company_type_id: 'portfolio.lookups.companyTypes',
  property_type_id: 'portfolio.lookups.propertyTypes',
  building_type_id: 'portfolio.lookups.buildingTypes',
  installation_type_id: 'portfolio.lookups.installationTypes',
  unit_type_id: 'portfolio.lookups.unitTypes',
  unit_state_id: 'portfolio.lookups.unitStates',
  unit_category_id: 'portfolio.lookups.unitCategories',
  gateway_status_id: 'gateways',
  notification_status_id: 'alerts.lookups.statuses',
  notification_type_id: 'alerts.lookups.types',
};

/** The lookup of a value, from its field or, for a bare value, from the entity and action. */
export function lookupOf(
  entityType: string,
  action: string,
  field: string | null,
): LookupCatalogue | null {
  if (field !== null) {
    if (entityType === 'alert' && field === 'status') return 'alerts.lookups.statuses';
    if (entityType === 'alert' && field === 'type') return 'alerts.lookups.types';
    return lookupOfField[field] ?? null;
  }
  if (entityType === 'alert' && action === 'status') return 'alerts.lookups.statuses';
  if (entityType === 'sensor' && (action === 'state' || action === 'office-assigned'))
    return 'micrometers.lookups.states';
  if (entityType === 'sensor' && action === 'status') return 'micrometers.lookups.statuses';
  if (entityType === 'gateway' && action === 'status-changed') return 'gateways';
  return null;
}

/** "office-assignment_cancelled" → "Office assignment cancelled" (an unknown name, readable). */
export function humanize(name: string): string {
  const words = name.replace(/_id$/, '').replace(/[_-]+/g, ' ').trim();
  return words === '' ? name : words.charAt(0).toUpperCase() + words.slice(1);
}

export type EventPresenter = {
  action: (action: string) => string;
  lines: (event: {
    entity_type: string;
    action: string;
    from_value: unknown;
    to_value: unknown;
  }) => { field: string | null; from: string | null; to: string }[];
};

/** Actions, field names and values of events as the interface shows them. */
export function useEventPresenter(): EventPresenter {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const formats = numberFormats(language);
    const actions: Record<string, string> = t('events.actions', { returnObjects: true });
    const fields: Record<string, string> = t('events.fields', { returnObjects: true });
    const names = (catalogue: LookupCatalogue): Record<string, string> => {
      if (catalogue === 'gateways') {
        return Object.fromEntries(
          gatewayStatuses.map((status) => [
            String(status.id),
            t(`gateways.statuses.${status.name.toLowerCase() as 'online'}`),
          ]),
        );
      }
      return t(catalogue, { returnObjects: true });
    };
    const text = (value: unknown, lookup: LookupCatalogue | null, field: string | null) => {
      if (value === null || value === undefined || value === '') return '—';
      if (typeof value === 'boolean') return value ? t('events.values.yes') : t('events.values.no');
      if (typeof value === 'number') {
        if (lookup !== null) return names(lookup)[String(value)] ?? String(value);
        // Record ids are names of their own: no grouping, no rounding.
        if (field?.endsWith('_id') || field === 'id') return `#${value}`;
        return Number.isInteger(value) ? formats.count(value) : formats.decimal(value);
      }
      if (typeof value === 'string') {
        const trimmed = value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
        return trimmed;
      }
      const json = JSON.stringify(value);
      return json.length > MAX_TEXT ? `${json.slice(0, MAX_TEXT - 1)}…` : json;
    };
    return {
      action: (action) => actions[action] ?? humanize(action),
      lines: (event) =>
        changeLines(event.from_value, event.to_value).map((line) => {
          const lookup = lookupOf(event.entity_type, event.action, line.field);
          return {
            field: line.field === null ? null : (fields[line.field] ?? humanize(line.field)),
            from: line.from == null ? null : text(line.from, lookup, line.field),
            to: line.to === undefined ? '—' : text(line.to, lookup, line.field),
          };
        }),
    };
  }, [language, t]);
}
