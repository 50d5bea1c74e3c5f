// One leak, one cost (docs/detection.md, "Incidents"): open leak alerts that describe the same
// water form one incident, and only incidents are costed. Three ways alerts see the same water:
//   - one meter: its continuous-flow and night-flow alerts measure the same flow (the night's hours
//     are inside the continuous hours), so the meter leaks its larger rate;
//   - a building's main line measures all the water entering it, so its leak alerts, the
//     unaccounted water (main line − fixtures) and every fixture leak of its units are one
//     incident while a main-line alert is open;
//   - without an open main-line alert, the unaccounted water excludes what the fixtures measured by
//     definition, so it and each fixture leak are separate incidents.
// An incident's rate is the larger of its two measures of that water: the main lines (each
// meter's rate, summed over the building's main lines, which carry separate supplies) and its
// parts (the fixtures' leaks and the unaccounted water, which never overlap). Incidents never
// cross buildings, so a property's or a company's leaks cost the sum of their incidents.
import { NotificationType } from './lookups.ts';
import { isSupplyMeter } from './water-accounting.ts';
import { waterCost } from './water-cost.ts';

/** What the rule needs of an open leak alert. */
export type LeakFacts = {
  readonly id: number;
  readonly building_id: number | null;
  readonly sensor_id: number | null;
  readonly notification_type_id: number;
  readonly appliance_type_id: number | null;
  /** Gallons a month; null: no rate (not costed). */
  readonly rate: number | null;
  /** The property's price per 1,000 gallons (null: the default). */
  readonly water_price: number | null;
};

export type LeakIncident = {
  /** The incident is named after its lead: the alert with the largest rate (then the oldest id). */
  readonly id: number;
  /** Its alerts, the lead first, then by id. */
  readonly alertIds: readonly number[];
  readonly buildingId: number | null;
  /** Gallons a month, each gallon counted once. */
  readonly rate: number;
  /** The rate at the property's price, in dollars a month. */
  readonly monthlyCost: number;
};

/** The facts as a query aggregated them to JSON (parsed by the driver, or text); none: []. */
export function leakFactsOf(value: unknown): LeakFacts[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as LeakFacts[];
}

/** A meter's leak: its alerts and the larger of their rates. */
type MeterLeak = { readonly alerts: readonly LeakFacts[]; readonly rate: number };

const rateOf = (alert: LeakFacts) => alert.rate ?? 0;

function byMeter(alerts: readonly LeakFacts[]): MeterLeak[] {
  const meters = new Map<string, LeakFacts[]>();
  for (const alert of alerts) {
    // Unaccounted water, or an alert whose micrometer is gone: water of its own.
    const key = alert.sensor_id === null ? `alert:${alert.id}` : `sensor:${alert.sensor_id}`;
    meters.set(key, [...(meters.get(key) ?? []), alert]);
  }
  return [...meters.values()].map((list) => ({
    alerts: list,
    rate: Math.max(...list.map(rateOf)),
  }));
}

const isMainLine = (meter: MeterLeak) =>
  meter.alerts.some(
    (alert) =>
      alert.sensor_id !== null &&
      alert.notification_type_id !== NotificationType.UnaccountedWater &&
      isSupplyMeter(alert.appliance_type_id),
  );
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function incidentOf(meters: readonly MeterLeak[], rate: number): LeakIncident {
  const alerts = meters.flatMap((meter) => meter.alerts);
  const [lead] = [...alerts].sort((a, b) => rateOf(b) - rateOf(a) || a.id - b.id);
  if (lead === undefined) throw new Error('An incident has at least one alert');
  return {
    id: lead.id,
    alertIds: [
      lead.id,
      ...alerts
        .map((a) => a.id)
        .filter((id) => id !== lead.id)
        .sort((a, b) => a - b),
    ],
    buildingId: lead.building_id,
    rate,
    monthlyCost: waterCost(rate, lead.water_price),
  };
}

/** The incidents of open leak alerts (any places), ordered by cost, then by lead id. */
export function leakIncidents(alerts: readonly LeakFacts[]): LeakIncident[] {
  const buildings = new Map<number | null, LeakFacts[]>();
  for (const alert of alerts) {
    buildings.set(alert.building_id, [...(buildings.get(alert.building_id) ?? []), alert]);
  }
  const incidents: LeakIncident[] = [];
  for (const [building, list] of buildings) {
    const meters = byMeter(list);
    const mains = meters.filter(isMainLine);
    if (building === null || mains.length === 0) {
      // No main line sees this water as a whole: each meter's leak, and the unaccounted water,
      // is water of its own.
      incidents.push(...meters.map((meter) => incidentOf([meter], meter.rate)));
      continue;
    }
    const parts = meters.filter((meter) => !mains.includes(meter));
    const rate = Math.max(sum(mains.map((m) => m.rate)), sum(parts.map((m) => m.rate)));
    incidents.push(incidentOf(meters, rate));
  }
  return incidents.sort((a, b) => b.monthlyCost - a.monthlyCost || a.id - b.id);
}

/** Each alert's incident, by alert id. */
export function incidentsByAlert(
  incidents: readonly LeakIncident[],
): ReadonlyMap<number, LeakIncident> {
  return new Map(incidents.flatMap((incident) => incident.alertIds.map((id) => [id, incident])));
}

/** What open leaks cost a month, each gallon once: the sum of their incidents, in cents. */
export const incidentsMonthlyCost = (incidents: readonly LeakIncident[]): number =>
  Math.round(sum(incidents.map((incident) => incident.monthlyCost)) * 100) / 100;

/** Gallons a month the open leaks lose, each gallon once. */
export const incidentsRate = (incidents: readonly LeakIncident[]): number =>
  sum(incidents.map((incident) => incident.rate));
