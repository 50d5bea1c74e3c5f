// A system admin created from the command line (`npm run create-admin`, tools/create-admin.ts):
// the first one of a production database, or another. The person sets their own password: the
// account is created without one, with a password-reset token made as forgot-password makes it,
// so no password passes through a shell or its history.
import { emailSchema } from '@flowsight/domain/auth';
import { RoleType } from '@flowsight/domain/lookups';
import { z } from 'zod';
import { Conflict, Invalid } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { authMails } from '../auth/auth.mails.ts';
import { newPasswordReset } from '../auth/auth.password-reset.ts';
import { NOWHERE } from './placement.ts';
import type { UsersRepository } from './users.repository.ts';
import { nameSchema } from './users.schemas.ts';

const inputSchema = z.object({
  email: emailSchema,
  firstName: nameSchema('First name').optional(),
  lastName: nameSchema('Last name').optional(),
});

export type CreatedSystemAdmin = {
  userId: number;
  email: string;
  /** The change-password link of the reset email: it works once, until `expiresAt`. */
  link: string;
  expiresAt: Date;
  /** How many other system admins there were already. */
  otherAdmins: number;
  /** Why the reset email was not sent, when it was not (the link still works). */
  mailError: string | undefined;
};

export async function createSystemAdmin(
  deps: { repository: UsersRepository; mailer: Mailer; appUrl: string; now?: () => Date },
  input: { email: string; firstName?: string; lastName?: string },
): Promise<CreatedSystemAdmin> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Invalid(
      issue?.path[0] === 'email'
        ? `Not a valid email address: ${input.email}`
        : (issue?.message ?? 'Invalid input'),
    );
  }
  const { email, firstName = '', lastName = '' } = parsed.data;
  const admins = await deps.repository.systemAdminEmails();
  if (admins.includes(email)) {
    throw new Conflict(
      `${email} is already a system admin (a new password: "Forgot password?" on the sign-in page)`,
    );
  }
  if (await deps.repository.emailTaken(email)) {
    throw new Conflict(
      `${email} belongs to a user who is not a system admin: not promoted (a system admin can add the role on the Users page)`,
    );
  }
  const reset = newPasswordReset(deps.appUrl, email, (deps.now ?? (() => new Date()))());
  const user = await deps.repository.createInvitedUser({
    email,
    firstName,
    lastName,
    phone: null,
    roles: [{ roleTypeId: RoleType.SystemAdmin, ...NOWHERE }],
    token: { ...reset.token, createdByUserId: null },
  });
  let mailError: string | undefined;
  try {
    await deps.mailer.send(authMails.passwordReset(user.email, reset.link));
  } catch (error) {
    // The link is shown to whoever ran the command: the account stays usable without the mail.
    mailError = error instanceof Error ? error.message : String(error);
  }
  return {
    userId: user.id,
    email: user.email,
    link: reset.link,
    expiresAt: reset.token.expiresAt,
    otherAdmins: admins.length,
    mailError,
  };
}
