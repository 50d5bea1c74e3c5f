// The MAC (LoRaWAN DevEUI) a micrometer's label carries, read from whatever its barcode holds:
// the bare EUI (with or without ':'/'-'), the LoRa Alliance TR005 QR code
// (`LW:D0:<JoinEUI>:<DevEUI>:<ProfileID>…`), or a longer text with the EUI inside.
import { normalizeMac } from '@flowsight/domain/mac';

const EUI_INSIDE = /(?:^|[^0-9A-Fa-f])((?:[0-9A-Fa-f]{2}[:-]?){7}[0-9A-Fa-f]{2})(?![0-9A-Fa-f])/;

export function macFromBarcode(raw: string): string | null {
  const text = raw.trim();
  if (/^LW:D0:/i.test(text)) return normalizeMac(text.split(':')[3] ?? '');
  const whole = normalizeMac(text);
  if (whole !== null) return whole;
  const inside = EUI_INSIDE.exec(text)?.[1];
  return inside === undefined ? null : normalizeMac(inside);
}
