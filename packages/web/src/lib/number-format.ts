// Every number format of the web, in the interface language: whole counts, figures to one decimal
// (gallons, chart values), readings to three decimals, compact axis ticks ("1.2K"), dollars (water
// prices and leak costs are in USD, as the API gives them), shares of a whole and signed changes.
// One set per language, built once; the features' own format hooks add their words and units
// around these and build no `Intl.NumberFormat` of their own.
import { useTranslation } from 'react-i18next';

export type NumberFormats = {
  /** "1,234" */
  count: (value: number) => string;
  /** "1,234.5": gallons and chart values, without a unit */
  decimal: (value: number) => string;
  /** "1.234": a single reading's gallons or flow, without a unit */
  precise: (value: number) => string;
  /** "1.2K": chart axes */
  compact: (value: number) => string;
  /** "$1,234.50" */
  money: (value: number) => string;
  /** `part` of `whole` as a percentage ("12.5%"); a dash when there is no whole. */
  share: (part: number, whole: number) => string;
  /** A change already in percent, signed and without the sign of the unit: "+2.9", "0", "-1". */
  change: (value: number) => string;
};

const byLanguage = new Map<string, NumberFormats>();

export function numberFormats(language: string): NumberFormats {
  const known = byLanguage.get(language);
  if (known) return known;
  const integer = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const threeDecimals = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
  const short = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
  const dollars = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(language, {
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const formats: NumberFormats = {
    count: (value) => integer.format(value),
    decimal: (value) => oneDecimal.format(value),
    precise: (value) => threeDecimals.format(value),
    compact: (value) => short.format(value),
    money: (value) => dollars.format(value),
    share: (part, whole) => (whole > 0 ? percent.format(part / whole) : '—'),
    change: (value) => signed.format(value),
  };
  byLanguage.set(language, formats);
  return formats;
}

/** The number formats of the interface language. */
export function useNumberFormats(): NumberFormats {
  const { i18n } = useTranslation();
  return numberFormats(i18n.language);
}
