// The identity answers of spec sections 4, 5 and 8, worded once for the server and the web.
// Free of zod, so the web shell can translate them without loading the schemas in `auth.ts`,
// which re-exports everything here.
import { passwordMessages } from './password-rules.ts';

/** Confirm-password check of the password forms. */
export function confirmPasswordProblem(password: string, confirm: string): string | undefined {
  if (confirm.length === 0) return passwordMessages.confirmRequired;
  if (confirm !== password) return passwordMessages.mismatch;
  return undefined;
}

export const INVALID_CREDENTIALS_MESSAGE = 'Username or password is not valid';

/** The identity answers the server gives and the web translates, worded once. */
export const authMessages = {
  passwordChanged: 'Password changed successfully',
  invalidRequest: 'Invalid request',
  mfaEnabled: 'MFA status enabled successfully',
  mfaDisabled: 'MFA status disabled successfully',
  codeExpired: 'The code has expired. Please sign in again.',
  tooManyCodes: 'Too many wrong codes. Please sign in again.',
  codeNotValid: 'The code is not valid',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  oldPasswordIncorrect: 'Old password is not correct',
  passwordUnchanged: 'The new password must differ from the old one',
  mfaNotForSystemRoles: 'MFA is not available for system roles',
  invitationInvalid: 'This invitation is invalid or has expired',
} as const;
export const LAST_ROLE_MESSAGE = 'User must have at least one role';
/** Spec section 8: the answers to removing a record such as a role. */
export const DELETED_MESSAGE = 'Deleted successfully';
export const DELETE_FAILED_MESSAGE = 'An error occurred';
