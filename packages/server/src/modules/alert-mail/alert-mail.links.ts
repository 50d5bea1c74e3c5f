// What an alert email's action link can turn out to be when it is used, the message each shows and
// the refusal it answers with.
import { type AppError, Conflict, Forbidden, Gone, Invalid } from '../../lib/errors.ts';

export const linkProblems = ['invalid', 'used', 'expired', 'no-access', 'closed'] as const;
export type LinkProblem = (typeof linkProblems)[number];
export const linkMessages: Record<LinkProblem, string> = {
  invalid: 'This link is not valid',
  used: 'This link has already been used',
  expired: 'This link has expired',
  'no-access': 'You can no longer act on this alert: your access to its place has ended',
  closed: 'This alert is already closed',
};
export const linkErrors: Record<LinkProblem, (message: string) => AppError> = {
  invalid: (m) => new Invalid(m),
  used: (m) => new Conflict(m),
  expired: (m) => new Gone(m),
  'no-access': (m) => new Forbidden(m),
  closed: (m) => new Conflict(m),
};
/** Link problems after which the page shows nothing of the alert. */
export const showsNoAlert: readonly LinkProblem[] = ['invalid', 'used', 'expired', 'no-access'];
