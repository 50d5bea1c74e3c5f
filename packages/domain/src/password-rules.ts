// Password rules of spec section 5, with its exact messages, used by the server's validation and
// the web's password forms alike. Free of zod, so the web shell can word these messages without
// loading a schema library; the schemas built on them are in `password.ts`.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 15;
export const OLD_PASSWORD_MAX_LENGTH = 255;

export const passwordMessages = {
  required: 'Password is required',
  tooLong: 'Password must not exceed 15 characters',
  weak: 'The password should be at least 8 characters long, including at least one number, one special character, one capital letter, and one lowercase letter',
  characters:
    'Password must contain only English letters, numbers, and special characters. Spaces and non-English characters are not allowed',
  confirmRequired: 'Confirm password is required',
  mismatch: 'Both passwords must match!',
  oldRequired: 'Old password is required',
} as const;

/** The special characters a new password may (and must, at least once) contain. */
export const PASSWORD_SPECIALS = '!@#$%^&*()~';

const ALLOWED = /^[A-Za-z0-9!@#$%^&*()~]*$/;
const STRONG = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[!@#$%^&*()~]).{8,}$/;

/** Every rule the new password breaks, in the order the form shows them. */
export function passwordProblems(password: string): string[] {
  if (password.length === 0) return [passwordMessages.required];
  const problems: string[] = [];
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(passwordMessages.tooLong);
  if (!STRONG.test(password)) problems.push(passwordMessages.weak);
  if (!ALLOWED.test(password)) problems.push(passwordMessages.characters);
  return problems;
}

export type PasswordStrength = { score: number; label: 'Poor' | 'Weak' | 'Strong' };

/**
 * The 3-bar strength meter: +1 for length above 7, +1 for a digit, +1 for one of !@#$%^&*(),
 * +1 for both lower and upper case. Below 3 is Poor, below 4 Weak, otherwise Strong.
 */
export function passwordStrength(password: string): PasswordStrength {
  let score = 0;
  if (password.length > 7) score += 1;
  if (/\d/.test(password)) score += 1;
  if (/[!@#$%^&*()]/.test(password)) score += 1;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 1;
  const label = score < 3 ? 'Poor' : score < 4 ? 'Weak' : 'Strong';
  return { score, label };
}

/** How many of the meter's 3 bars are lit for a score of 0–4. */
export function strengthBars(score: number): 0 | 1 | 2 | 3 {
  if (score >= 4) return 3;
  if (score === 3) return 2;
  if (score >= 1) return 1;
  return 0;
}
