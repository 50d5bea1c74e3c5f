// An event's from/to values (free JSON written by each module) as "field: before → after" lines.
// Objects are compared field by field; anything else is one line without a field name.

export type ChangeLine = { field: string | null; from: string | null; to: string | null };

const MAX_TEXT = 120;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One value as text; null (and undefined) stay null so the caller can show a dash. */
export function valueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

export function changeLines(from: unknown, to: unknown): ChangeLine[] {
  if ((from === null || from === undefined) && (to === null || to === undefined)) return [];
  if ((isRecord(from) || from == null) && (isRecord(to) || to == null)) {
    const before = isRecord(from) ? from : {};
    const after = isRecord(to) ? to : {};
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return fields.map((field) => ({
      field,
      from: from == null ? null : valueText(before[field]),
      to: to == null ? null : valueText(after[field]),
    }));
  }
  return [{ field: null, from: valueText(from), to: valueText(to) }];
}
