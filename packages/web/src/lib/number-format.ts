// The number formats every page of figures shares, in the interface language: whole counts,
// gallons to one decimal, dollars (water prices and leak costs are in USD, as the API gives them)
// and shares of a whole. One set per language, built once.
export type NumberFormats = {
  /** "1,234" */
  count: (value: number) => string;
  /** "1,234.5", without a unit */
  gallonsNumber: (value: number) => string;
  /** "$1,234.50" */
  money: (value: number) => string;
  /** `part` of `whole` as a percentage ("12.5%"); a dash when there is no whole. */
  share: (part: number, whole: number) => string;
};

const byLanguage = new Map<string, NumberFormats>();

export function numberFormats(language: string): NumberFormats {
  const known = byLanguage.get(language);
  if (known) return known;
  const integer = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const gallons = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const dollars = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const formats: NumberFormats = {
    count: (value) => integer.format(value),
    gallonsNumber: (value) => gallons.format(value),
    money: (value) => dollars.format(value),
    share: (part, whole) => (whole > 0 ? percent.format(part / whole) : '—'),
  };
  byLanguage.set(language, formats);
  return formats;
}
