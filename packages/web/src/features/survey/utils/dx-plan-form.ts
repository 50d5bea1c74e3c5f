// The DX plan form's fields and their checks: a count per micrometer size (whole numbers from 0 to
// 100,000, at least one micrometer in all), notes, and the planned installation date. Starts from
// the micrometers the survey calls for.
import type { DxPlanBody, MicrometersBySize } from '@flowsight/domain/survey';
import { NOT_A_DATE } from '@/components/date-input';
import {
  readSizeCounts,
  type SizeCountErrors,
  type SizeCountTexts,
  sizeCountTexts,
} from './size-counts';

export type DxPlanForm = {
  counts: SizeCountTexts;
  notes: string;
  /** 'YYYY-MM-DD', '' for none, or `NOT_A_DATE` while typed text is not a date. */
  date: string;
};

export type DxPlanErrors = {
  counts: SizeCountErrors;
  total?: 'countRequired';
  date?: 'dateInvalid';
};

export const dxPlanFormFrom = (needed: MicrometersBySize): DxPlanForm => ({
  counts: sizeCountTexts(needed),
  notes: '',
  date: '',
});

/** The form's errors, or its body when it has none. */
export function checkDxPlan(
  form: DxPlanForm,
): { ok: true; body: DxPlanBody } | { ok: false; errors: DxPlanErrors } {
  const { bySize, errors: counts } = readSizeCounts(form.counts);
  const errors: DxPlanErrors = { counts };
  const countsValid = Object.keys(counts).length === 0;
  if (countsValid && Object.keys(bySize).length === 0) errors.total = 'countRequired';
  if (form.date === NOT_A_DATE) errors.date = 'dateInvalid';
  if (!countsValid || errors.total !== undefined || errors.date !== undefined) {
    return { ok: false, errors };
  }
  const notes = form.notes.trim();
  return {
    ok: true,
    body: {
      micrometers: bySize,
      notes: notes === '' ? null : notes,
      planned_installation_date: form.date === '' ? null : form.date,
    },
  };
}
