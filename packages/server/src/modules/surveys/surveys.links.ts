// What a survey e-mail's approval link can turn out to be when it is used, the message each shows
// and the refusal it answers with; and how long a link works.
import { surveyMessages } from '@flowsight/domain/survey';
import { type AppError, Conflict, Forbidden, Gone, Invalid } from '../../lib/errors.ts';

/** How long a survey email's approval link works. */
export const APPROVAL_LINK_DAYS = 14;
export const DAY_MS = 86_400_000;

export const approvalLinkProblems = [
  'invalid',
  'used',
  'expired',
  'replaced',
  'no-access',
  'status',
] as const;
export type ApprovalLinkProblem = (typeof approvalLinkProblems)[number];
export type LinkProblem = Exclude<ApprovalLinkProblem, 'status'>;
export const linkMessages: Record<LinkProblem, string> = {
  invalid: surveyMessages.linkInvalid,
  used: surveyMessages.linkUsed,
  expired: 'This approval link has expired',
  replaced: surveyMessages.linkReplaced,
  'no-access': surveyMessages.linkNoAccess,
};
const linkErrors: Record<LinkProblem, (message: string) => AppError> = {
  invalid: (m) => new Invalid(m),
  used: (m) => new Conflict(m),
  expired: (m) => new Gone(m),
  replaced: (m) => new Gone(m),
  'no-access': (m) => new Forbidden(m),
};

/** The refusal a link problem answers with, in its words. */
export const linkError = (problem: LinkProblem) => linkErrors[problem](linkMessages[problem]);
