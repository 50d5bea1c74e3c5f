// The texts of the identity emails.
import type { MailMessage } from '../../lib/mailer.ts';

export const authMails = {
  mfaCode: (to: string, code: string): MailMessage => ({
    to,
    subject: 'Your Flowsight sign-in code',
    text: `Your sign-in code is ${code}.\n\nIt is valid for 10 minutes and can be used once. If you did not try to sign in, change your password.`,
  }),
  passwordReset: (to: string, link: string): MailMessage => ({
    to,
    subject: 'Reset your Flowsight password',
    text: `Someone asked to reset the password of your Flowsight account.\n\nSet a new password here (the link works once, for 1 hour):\n${link}\n\nIf it was not you, ignore this email.`,
  }),
  invitation: (to: string, inviter: string, link: string): MailMessage => ({
    to,
    subject: 'You are invited to Flowsight',
    text: `${inviter} invited you to Flowsight, the water-use and leak monitoring service.\n\nSet up your account here (the link works once, for 7 days):\n${link}`,
  }),
};
