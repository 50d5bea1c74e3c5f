// A micrometer's identity is its LoRaWAN DevEUI: 16 upper-case hex digits. Input may separate
// the bytes with ':' or '-'.

const MAC_PATTERN = /^[0-9A-F]{16}$/;

/** Returns the normalised MAC, or null when the input is not an EUI-64. */
export function normalizeMac(input: string): string | null {
  const compact = input.trim().replace(/[:-]/g, '').toUpperCase();
  return MAC_PATTERN.test(compact) ? compact : null;
}
