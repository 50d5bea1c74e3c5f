// A forgotten password: the reset e-mail with its single-use, expiring link (asked for within the
// forgot-password limits, answered alike whether the address has an account or not), and the
// reset that claims it.
import { authMessages } from '@flowsight/domain/auth';
import { UserStatus } from '@flowsight/domain/lookups';
import { Invalid } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { IdentityRateLimits, RateLimiter } from '../../lib/rate-limiter.ts';
import { hashSecret, newSecretToken } from '../../lib/secrets.ts';
import { authMails } from './auth.mails.ts';
import type { AuthRepository } from './auth.repository.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const FORGOT_PASSWORD_ANSWER =
  'If this address belongs to an account, an email with a reset link is on its way.';
export const PASSWORD_CHANGED = authMessages.passwordChanged;

/**
 * A password-reset token (its hash and expiry, for `user_tokens`) and the change-password link
 * that carries it, as the reset email sends it.
 */
export function newPasswordReset(appUrl: string, email: string, at: Date) {
  const token = newSecretToken();
  return {
    token: {
      purpose: 'reset' as const,
      tokenHash: hashSecret(token),
      expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS),
    },
    link: `${appUrl}/change-password?${new URLSearchParams({ email, token })}`,
  };
}

type Dependencies = {
  repository: AuthRepository;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: IdentityRateLimits;
  appUrl: string;
  now: () => Date;
};

export function passwordResetCalls({
  repository,
  mailer,
  limiter,
  limits,
  appUrl,
  now,
}: Dependencies) {
  return {
    async forgotPassword(email: string, clientAddress: string): Promise<{ message: string }> {
      await limiter.hit([
        { key: `forgot:account:${email.toLowerCase()}`, rule: limits.forgotPerAccount },
        { key: `forgot:address:${clientAddress}`, rule: limits.forgotPerAddress },
      ]);
      const user = await repository.findUserByEmail(email);
      if (user && user.userStatusId !== UserStatus.Disabled) {
        const reset = newPasswordReset(appUrl, user.email, now());
        await repository.createUserToken({ userId: user.id, ...reset.token });
        await mailer.send(authMails.passwordReset(user.email, reset.link));
      }
      return { message: FORGOT_PASSWORD_ANSWER };
    },

    async resetPassword(email: string, token: string, newPassword: string) {
      const record = await repository.findUsableToken('reset', hashSecret(token), now());
      const user = record && (await repository.findUser(record.userId));
      const invalid = () => new Invalid(authMessages.resetLinkInvalid);
      if (!record || !user || user.email.toLowerCase() !== email.toLowerCase()) throw invalid();
      if (user.userStatusId === UserStatus.Disabled) throw invalid();
      if (!(await repository.claimToken(record.id, now()))) throw invalid();
      await repository.useTokens(user.id, 'reset', now());
      await repository.setPassword(user.id, await hashPassword(newPassword), now());
      return { message: PASSWORD_CHANGED };
    },
  };
}
