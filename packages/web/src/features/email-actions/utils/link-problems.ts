// Why an emailed link cannot be used, in the interface language: the server names the reason
// ('invalid', 'used', 'expired', 'no-access', 'closed') and words it in English; a reason this page does not
// know shows the server's own words.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const problemKeys = {
  invalid: 'emailActions.problems.invalid',
  used: 'emailActions.problems.used',
  expired: 'emailActions.problems.expired',
  'no-access': 'emailActions.problems.noAccess',
  closed: 'emailActions.problems.closed',
} as const;
export type LinkProblem = keyof typeof problemKeys;

export function useLinkProblemText() {
  const { t } = useTranslation();
  return useCallback(
    (reason: LinkProblem | null, serverMessage: string | null) =>
      reason === null ? (serverMessage ?? '') : t(problemKeys[reason]),
    [t],
  );
}
