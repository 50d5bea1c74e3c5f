// "12 seconds ago" in the interface language, for facts that change while one watches (a
// sensor's last keep-alive on the bench or on site).
const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

export function timeAgo(value: string | Date, now: number, language = 'en'): string {
  let amount = Math.round((new Date(value).getTime() - now) / 1000);
  if (amount > 0) amount = 0;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return format.format(amount, unit);
    amount = Math.round(amount / size);
  }
  return format.format(amount, 'year');
}
