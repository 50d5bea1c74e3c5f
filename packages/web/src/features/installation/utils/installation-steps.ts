// Where the installer is, read from the address: each choice is a query parameter, so the
// browser's back button and the page's own Back both step back one choice, and a reload keeps
// the place. The chosen property and building are also remembered for the next visit.
import { ApplianceType, applianceTypes } from '@flowsight/domain/lookups';
import { readStoredValue, writeStoredValue } from '@/lib/browser-storage';

export const installationSteps = [
  'property',
  'building',
  'unit',
  'fixture',
  'scan',
  'confirm',
  'waiting',
] as const;
export type InstallationStep = (typeof installationSteps)[number];

export type InstallationChoice = {
  property: number | null;
  building: number | null;
  unit: number | null;
  fixture: number | null;
  mac: string | null;
  /** The micrometer just installed and when (server time), while waiting for its signal. */
  sensor: number | null;
  since: string | null;
};

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
};

export function choiceFrom(params: URLSearchParams): InstallationChoice {
  return {
    property: positiveInt(params.get('property')),
    building: positiveInt(params.get('building')),
    unit: positiveInt(params.get('unit')),
    fixture: positiveInt(params.get('fixture')),
    mac: params.get('mac') || null,
    sensor: positiveInt(params.get('sensor')),
    since: params.get('since') || null,
  };
}

export function stepOf(choice: InstallationChoice): InstallationStep {
  if (choice.property === null) return 'property';
  if (choice.building === null) return 'building';
  if (choice.unit === null) return 'unit';
  if (choice.fixture === null) return 'fixture';
  if (choice.sensor !== null && choice.since !== null) return 'waiting';
  if (choice.mac === null) return 'scan';
  return 'confirm';
}

/** The address parameters of a choice; later choices are dropped with an earlier one. */
export function paramsOf(choice: Partial<InstallationChoice>): URLSearchParams {
  const params = new URLSearchParams();
  const order = ['property', 'building', 'unit', 'fixture', 'mac', 'sensor', 'since'] as const;
  for (const key of order) {
    const value = choice[key];
    if (value === null || value === undefined) break;
    params.set(key, String(value));
  }
  return params;
}

/** The choice one step back from `step`. */
export function previousChoice(
  choice: InstallationChoice,
  step: InstallationStep,
): Partial<InstallationChoice> {
  const { property, building, unit, fixture } = choice;
  switch (step) {
    case 'property':
    case 'building':
      return {};
    case 'unit':
      return { property };
    case 'fixture':
      return { property, building };
    case 'scan':
      return { property, building, unit };
    case 'confirm':
    case 'waiting':
      return { property, building, unit, fixture };
    default: {
      const unreachable: never = step;
      return unreachable;
    }
  }
}

/** True once the micrometer has been heard after it was installed. */
export function signalArrived(
  micrometer: { last_keepalive: string | null; last_submission: string | null },
  since: string,
): boolean {
  const after = Date.parse(since);
  return [micrometer.last_keepalive, micrometer.last_submission].some(
    (heard) => heard !== null && Date.parse(heard) > after,
  );
}

/** Fixture slots a micrometer goes on (the free-text "notes" slot carries none). */
export const installableFixtures = applianceTypes.filter((type) => type.id !== ApplianceType.Notes);

const REMEMBERED_KEY = 'installationPlace';

export type RememberedPlace = { userId: number; property: number; building: number };

export function rememberPlace(place: RememberedPlace): void {
  writeStoredValue(REMEMBERED_KEY, JSON.stringify(place));
}

export function rememberedPlace(userId: number): RememberedPlace | null {
  try {
    const value = JSON.parse(readStoredValue(REMEMBERED_KEY) ?? 'null') as RememberedPlace | null;
    if (
      value !== null &&
      value.userId === userId &&
      positiveInt(String(value.property)) !== null &&
      positiveInt(String(value.building)) !== null
    ) {
      return value;
    }
  } catch {
    // A stored value from another version: start from the first step.
  }
  return null;
}
