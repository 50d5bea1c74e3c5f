// Finding one micrometer for a caller, shared by the reads and the writes: by id or MAC (stock
// only as the access table's stock rule allows), its API shape (a reservation shown only to roles
// whose scope holds its building), and the re-read after a write.
import type { StockLookup } from '@flowsight/domain/access';
import { normalizeMac } from '@flowsight/domain/mac';
import { micrometerMessages as m } from '@flowsight/domain/micrometers';
import { NotFound } from '../../lib/errors.ts';
import {
  inScope,
  type Reservation,
  type Scope,
  seesEverything,
  stockInScope,
  systemScope,
} from '../../lib/tenant-scope.ts';
import type { SensorRecord, SensorsRepository } from './sensors.repository.ts';
import { type Micrometer, toMicrometer } from './sensors.schemas.ts';

export function createSensorLookups(repository: SensorsRepository) {
  /** The API shape; a reservation is shown only to roles whose scope holds its building. */
  function shape(scope: Scope, record: SensorRecord): Micrometer {
    const micrometer = toMicrometer(record);
    const reservation = reservationOf(micrometer);
    return reservation && !inScope(scope, reservation)
      ? { ...micrometer, office_assignment: null }
      : micrometer;
  }
  /** Stock (no company) is in the answer only when the access table's stock rule allows it. */
  const visible = (scope: Scope, record: SensorRecord | undefined, lookup: StockLookup) =>
    record &&
    (record.company_id !== null || stockInScope(scope, reservationOf(toMicrometer(record)), lookup))
      ? record
      : undefined;

  async function findByMac(scope: Scope, raw: string) {
    const mac = normalizeMac(raw);
    return visible(scope, mac ? await repository.byMac(scope, mac) : undefined, 'mac');
  }

  return {
    shape,
    findByMac,
    async requireSensor(scope: Scope, id: number) {
      const record = visible(scope, await repository.byId(scope, id), 'id');
      if (!record) throw new NotFound(m.notFound);
      return record;
    },
    async requireByMac(scope: Scope, raw: string) {
      const record = await findByMac(scope, raw);
      if (!record) throw new NotFound(m.notFound);
      return record;
    },
    /** The sensor after a write, as the system sees it. */
    async reread(id: number) {
      // The caller may have just moved the sensor out of their own scope (unassign).
      const record = await repository.byId(systemScope, id);
      if (!record) throw new NotFound(m.notFound);
      return shape(systemScope, record);
    },
  };
}
export type SensorLookups = ReturnType<typeof createSensorLookups>;

/** Writes that change a sensor act on sensors the caller lists (assigned in scope, or stock for staff). */
export function requireManaged(scope: Scope, record: SensorRecord) {
  if (record.company_id === null && !seesEverything(scope)) throw new NotFound(m.notFound);
}

/** Where a stock micrometer is set aside, from its pending office assignment. */
function reservationOf(micrometer: Micrometer): Reservation | null {
  const assignment = micrometer.office_assignment;
  return assignment
    ? {
        companyId: assignment.company_id,
        propertyId: assignment.property_id,
        buildingId: assignment.building_id,
      }
    : null;
}
