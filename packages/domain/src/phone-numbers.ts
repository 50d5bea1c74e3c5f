// Phone numbers a text message can reach: E.164, a `+`, the country code and the number (7 to 15
// digits in all). People type them with spaces, dashes, dots and brackets; those are dropped
// before the check, and the number is kept in its E.164 form, as SMS providers expect it.
const E164 = /^\+[1-9]\d{6,14}$/;

/** The number in E.164 form, or null when it is not one (a missing `+` country code included). */
export function e164PhoneNumber(typed: string): string | null {
  const compact = typed.trim().replace(/[\s().-]/g, '');
  return E164.test(compact) ? compact : null;
}

export const PHONE_NUMBER_HINT =
  'a phone number in international form, with + and the country code (e.g. +1 617 555 0100)';
