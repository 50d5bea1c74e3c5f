// One way to turn a database timestamp into the ISO text the API answers with. Drivers hand back a
// Date (node-postgres, PGlite) or, from raw SQL and JSON aggregates, the timestamp's text.

export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
