// How a reading's volume is placed in time (DESIGN section 6). A report covers the interval that
// ends when the network server received it; its volume is counted at the interval's midpoint, so a
// report spanning an hour boundary lands in the hour holding most of it. The rollups and any
// recomputation from raw readings use this one rule.

const HOUR_MS = 3_600_000;

/** The instant a report's volume is counted at. */
export function usageInstant(measuredAt: Date, intervalS: number): Date {
  return new Date(measuredAt.getTime() - Math.max(0, intervalS) * 500);
}

/** The UTC hour holding the instant. */
export function utcHour(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS);
}
