// Dates as the interface shows them (spec section 9): 'N/A' when there is none or it is the Unix
// epoch (the server's "never"), otherwise date and time in the interface language.
export const NO_DATE_TEXT = 'N/A';

export function displayDate(
  value: string | number | Date | null | undefined,
  language = 'en',
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  if (value === null || value === undefined || value === '') return NO_DATE_TEXT;
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time) || time === 0) return NO_DATE_TEXT;
  return new Intl.DateTimeFormat(language, options).format(date);
}
