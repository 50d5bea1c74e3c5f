// Micrometer counts by size as forms hold them (text per size) and as the API takes them (whole
// numbers from 0 to 100,000, sizes at zero left out). The DX plan and the shipment forms share it.
import {
  type MicrometerSize,
  type MicrometersBySize,
  micrometerSizes,
} from '@flowsight/domain/survey';

export const MAX_SIZE_COUNT = 100_000;

export type SizeCountTexts = Record<MicrometerSize, string>;
export type SizeCountErrors = Partial<Record<MicrometerSize, 'countInvalid'>>;

export function sizeCountTexts(bySize: MicrometersBySize = {}): SizeCountTexts {
  return Object.fromEntries(
    micrometerSizes.map((size) => [size, String(bySize[size] ?? 0)]),
  ) as SizeCountTexts;
}

const parseCount = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MAX_SIZE_COUNT ? value : null;
};

/** The counts above zero, and the sizes whose text is not a count. */
export function readSizeCounts(texts: SizeCountTexts): {
  bySize: MicrometersBySize;
  errors: SizeCountErrors;
} {
  const bySize: MicrometersBySize = {};
  const errors: SizeCountErrors = {};
  for (const size of micrometerSizes) {
    const count = parseCount(texts[size]);
    if (count === null) errors[size] = 'countInvalid';
    else if (count > 0) bySize[size] = count;
  }
  return { bySize, errors };
}
