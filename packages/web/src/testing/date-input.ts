// Types a date into a `DateInput` in component tests, as the field's hidden input receives it
// from the browser (autofill or paste): in the field's own format, which follows the language.
import { fireEvent } from '@testing-library/react';

const formats: Record<string, (year: string, month: string, day: string) => string> = {
  en: (y, m, d) => `${m}/${d}/${y}`,
  fr: (y, m, d) => `${d}/${m}/${y}`,
  ro: (y, m, d) => `${d}.${m}.${y}`,
  zh: (y, m, d) => `${y}/${m}/${d}`,
};

/** The hidden input that holds the field's text. */
export function dateInputOf(root: HTMLElement): HTMLInputElement {
  const input = root.matches('input') ? root : root.querySelector('input');
  if (!(input instanceof HTMLInputElement)) throw new Error('no date input inside this element');
  return input;
}

/** Enters 'YYYY-MM-DD' (or '' to clear) into the field inside `root`. */
export function enterDate(root: HTMLElement, isoDate: string, language = 'en'): void {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  const text = isoDate === '' ? '' : (formats[language] ?? formats.en)?.(year, month, day);
  fireEvent.change(dateInputOf(root), { target: { value: text } });
}
