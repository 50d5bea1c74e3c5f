// Numbers, prices and places as the portfolio pages show them, in the interface language.
import { useTranslation } from 'react-i18next';
import { useNumberFormats } from '@/lib/number-format';
import { timeAgo } from '@/lib/time-ago';

export function useFormatters() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const numbers = useNumberFormats();
  return {
    count: numbers.count,
    price: numbers.money,
    /** Gallons to one decimal, without the unit (the heading names it). */
    gallons: numbers.decimal,
    /** A change in percent, signed. */
    change: numbers.change,
    dateTime: (iso: string) =>
      new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }),
    /** "5 minutes ago" (now, in the interface language). */
    ago: (iso: string) => timeAgo(iso, Date.now(), language),
    date: (iso: string) =>
      new Date(iso).toLocaleDateString(language, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      }),
  };
}

/** "City, State" from what is known; empty when neither is. */
export function placeOf(row: { city_name: string | null; state_name: string | null }): string {
  return [row.city_name, row.state_name].filter((part) => part !== null && part !== '').join(', ');
}
