// The sign-in forms' own field checks; each answers with an English message that the catalogue
// translates (see `@/i18n/messages`).
import { emailSchema } from '@flowsight/domain/auth';
import { passwordMessages } from '@flowsight/domain/password';
import { formMessages } from '@/i18n/messages';

export function emailProblem(value: string): string | true {
  if (value.trim() === '') return formMessages.emailRequired;
  return emailSchema.safeParse(value).success || formMessages.emailInvalid;
}

/** The password of the sign-in form: only required, the rules apply to new passwords. */
export function loginPasswordProblem(value: string): string | true {
  return value !== '' || passwordMessages.required;
}

export function nameProblem(requiredMessage: string) {
  return (value: string): string | true => {
    if (value.trim() === '') return requiredMessage;
    return value.trim().length <= 100 || formMessages.nameTooLong;
  };
}

export const MFA_CODE_PATTERN = /^\d{6}$/;

export function codeProblem(value: string): string | true {
  return MFA_CODE_PATTERN.test(value.trim()) || formMessages.codeInvalid;
}
