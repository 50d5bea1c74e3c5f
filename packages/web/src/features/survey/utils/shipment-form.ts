// The shipment form's fields and checks: the date (required; a date ahead is a planned shipment),
// carrier, tracking number, micrometers by size (at least one), and the MACs once known, one per
// line, each 16 hexadecimal digits (as the domain normalizes them).
import { normalizeMac } from '@flowsight/domain/mac';
import type { ShipmentInput } from '@flowsight/domain/survey';
import { NOT_A_DATE } from '@/components/date-input';
import {
  readSizeCounts,
  type SizeCountErrors,
  type SizeCountTexts,
  sizeCountTexts,
} from './size-counts';

export type ShipmentForm = {
  date: string;
  carrier: string;
  tracking: string;
  counts: SizeCountTexts;
  macs: string;
};

export type ShipmentErrors = {
  counts: SizeCountErrors;
  date?: 'dateRequired' | 'dateInvalid';
  total?: 'countRequired';
  /** The lines that are not MACs. */
  macs?: string[];
};

export const emptyShipmentForm = (): ShipmentForm => ({
  date: '',
  carrier: '',
  tracking: '',
  counts: sizeCountTexts(),
  macs: '',
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function checkShipment(
  form: ShipmentForm,
): { ok: true; body: ShipmentInput } | { ok: false; errors: ShipmentErrors } {
  const { bySize, errors: counts } = readSizeCounts(form.counts);
  const errors: ShipmentErrors = { counts };
  if (form.date === '') errors.date = 'dateRequired';
  else if (form.date === NOT_A_DATE) errors.date = 'dateInvalid';
  const countsValid = Object.keys(counts).length === 0;
  if (countsValid && Object.keys(bySize).length === 0) errors.total = 'countRequired';
  const lines = form.macs
    .split(/[\s,;]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const macs = lines.map((line) => normalizeMac(line));
  const notMacs = lines.filter((_line, index) => macs[index] === null);
  if (notMacs.length > 0) errors.macs = notMacs;
  if (!countsValid || errors.date || errors.total || errors.macs) return { ok: false, errors };
  return {
    ok: true,
    body: {
      shipped_on: form.date,
      carrier: orNull(form.carrier),
      tracking_number: orNull(form.tracking),
      micrometers: bySize,
      macs: macs.filter((mac): mac is string => mac !== null),
    },
  };
}
