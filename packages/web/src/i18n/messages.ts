// Product messages that reach the interface in English — from the domain rules (password
// checks) or from the server (errors, confirmations) — and the catalogue key that translates
// each. English shows the specification's text unchanged; a message not listed here is shown as
// the server wrote it.
import {
  authMessages,
  DELETE_FAILED_MESSAGE,
  DELETED_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  LAST_ROLE_MESSAGE,
} from '@flowsight/domain/auth-messages';
import { GENERIC_ERROR_MESSAGE } from '@flowsight/domain/constants';
import { passwordMessages } from '@flowsight/domain/password-rules';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type en from './locales/en.json';

export type MessageKey = `messages.${keyof (typeof en)['messages']}`;

export const PASSWORD_CHANGED_MESSAGE = authMessages.passwordChanged;
export const INVALID_REQUEST_MESSAGE = authMessages.invalidRequest;
export const MFA_ENABLED_MESSAGE = authMessages.mfaEnabled;
export const MFA_DISABLED_MESSAGE = authMessages.mfaDisabled;

/** The server's identity answers, worded once in the domain package. */
export const serverAuthMessages = {
  codeExpired: authMessages.codeExpired,
  tooManyCodes: authMessages.tooManyCodes,
  codeNotValid: authMessages.codeNotValid,
  tooManyAttempts: authMessages.tooManyAttempts,
  resetLinkInvalid: authMessages.resetLinkInvalid,
  oldPasswordIncorrect: authMessages.oldPasswordIncorrect,
  passwordUnchanged: authMessages.passwordUnchanged,
  mfaNotForSystemRoles: authMessages.mfaNotForSystemRoles,
  invitationInvalid: authMessages.invitationInvalid,
} as const;

const serverAuthMessageNames = Object.keys(serverAuthMessages) as Array<
  keyof typeof serverAuthMessages
>;

/** Role deletion answers (spec section 8, "Role deletion"). */
export const ROLE_DELETED_MESSAGE = DELETED_MESSAGE;
export const ROLE_DELETE_FAILED_MESSAGE = DELETE_FAILED_MESSAGE;

/** The web forms' own checks, which the specification leaves unworded. */
export const formMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: 'Use at most 100 characters',
  codeInvalid: 'Enter the 6-digit code from the email',
} as const;

export const messageKeys: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  [passwordMessages.required, 'messages.passwordRequired'],
  [passwordMessages.tooLong, 'messages.passwordTooLong'],
  [passwordMessages.weak, 'messages.passwordWeak'],
  [passwordMessages.characters, 'messages.passwordCharacters'],
  [passwordMessages.confirmRequired, 'messages.confirmPasswordRequired'],
  [passwordMessages.mismatch, 'messages.passwordMismatch'],
  [passwordMessages.oldRequired, 'messages.oldPasswordRequired'],
  [INVALID_CREDENTIALS_MESSAGE, 'messages.invalidCredentials'],
  [LAST_ROLE_MESSAGE, 'messages.lastRole'],
  [GENERIC_ERROR_MESSAGE, 'messages.genericError'],
  [PASSWORD_CHANGED_MESSAGE, 'messages.passwordChanged'],
  [INVALID_REQUEST_MESSAGE, 'messages.invalidRequest'],
  [MFA_ENABLED_MESSAGE, 'messages.mfaEnabled'],
  [MFA_DISABLED_MESSAGE, 'messages.mfaDisabled'],
  [ROLE_DELETED_MESSAGE, 'messages.roleDeleted'],
  [ROLE_DELETE_FAILED_MESSAGE, 'messages.roleDeleteFailed'],
  [formMessages.emailRequired, 'messages.emailRequired'],
  [formMessages.emailInvalid, 'messages.emailInvalid'],
  [formMessages.firstNameRequired, 'messages.firstNameRequired'],
  [formMessages.lastNameRequired, 'messages.lastNameRequired'],
  [formMessages.nameTooLong, 'messages.nameTooLong'],
  [formMessages.codeInvalid, 'messages.codeInvalid'],
  ...serverAuthMessageNames.map(
    (name) => [serverAuthMessages[name], `messages.${name}`] satisfies [string, MessageKey],
  ),
]);

/** Translates a product message into the interface language (unknown ones pass through). */
export function useTranslateMessage(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const key = messageKeys.get(message);
      return key === undefined ? message : t(key);
    },
    [t],
  );
}

/** A server's validation answer without the field it names first (`body.name: `, `params.id: `). */
export const withoutFieldPrefix = (message: string) =>
  message.replace(/^(body|params|querystring)(\.[\w.]+)?: /, '');

/**
 * A feature's rule messages (worded once in the domain) by their English text, each naming its
 * catalogue entry: the message's name, after `prefix` when several sets share one catalogue.
 */
export function messageNamesByText<const N extends string, const P extends string = ''>(
  messages: Readonly<Record<N, string>>,
  prefix = '' as P,
): Map<string, `${P}${N}`> {
  return new Map(
    (Object.entries(messages) as [N, string][]).map(([name, text]) => [text, `${prefix}${name}`]),
  );
}

/**
 * A feature's translator of its rule messages: a known one, also behind a server's field prefix,
 * reads its catalogue entry (`named`); `unnamed` may word one the table cannot hold (a message with
 * numbers in it); anything else goes through the app's translator. Give it functions defined
 * once, outside the component, so the translator stays the same from render to render.
 */
export function useRuleMessages<N extends string>(
  names: ReadonlyMap<string, N>,
  named: (t: TFunction, name: N) => string,
  unnamed?: (t: TFunction, bare: string) => string | undefined,
): (message: string) => string {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  return useCallback(
    (message: string) => {
      const bare = withoutFieldPrefix(message);
      const name = names.get(bare);
      if (name !== undefined) return named(t, name);
      return unnamed?.(t, bare) ?? translate(message);
    },
    [t, translate, names, named, unnamed],
  );
}
