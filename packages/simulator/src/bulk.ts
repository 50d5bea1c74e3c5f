// Bulk mode: the backfill's history as decoded readings, slice by slice, for loading straight into
// a database (COPY) instead of through a transport — how the usage benchmark puts ten million
// readings in place in minutes. The frames are the ones `backfill` would send, decoded with the
// same device-protocol decoder the server uses, so a bulk-loaded history reads like an ingested one.
import { decodeUplink, type Frame } from '@flowsight/domain/device-protocol';
import type { FleetSimulation, SimulatedUplink } from './fleet-simulation.ts';
import { type BackfillOptions, backfill } from './generators.ts';

export type BulkReading = {
  readonly uplink: SimulatedUplink;
  readonly frame: Frame;
};

/** History over [from, to] as decoded readings, newest slice first (see `backfill`). */
export function* bulkReadings(
  simulation: FleetSimulation,
  options: BackfillOptions,
): Generator<BulkReading[]> {
  for (const slice of backfill(simulation, options)) {
    const readings: BulkReading[] = [];
    for (const uplink of slice.uplinks) {
      const decoded = decodeUplink(uplink.port, uplink.payload);
      // The simulator only sends well-formed frames; a failure here is a simulator bug.
      if (!decoded.ok) throw new Error(`simulated frame does not decode: ${decoded.error}`);
      readings.push({ uplink, frame: decoded.frame });
    }
    yield readings;
  }
}
