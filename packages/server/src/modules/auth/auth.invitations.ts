// An invitation's link: what it shows before registering (the invited name and address), and the
// registration that claims it (single use, expiring; a disabled user stays disabled).
import { authMessages } from '@flowsight/domain/auth';
import { UserStatus } from '@flowsight/domain/lookups';
import { NotFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashSecret } from '../../lib/secrets.ts';
import type { AuthRepository } from './auth.repository.ts';

export function invitationCalls({
  repository,
  now,
}: {
  repository: AuthRepository;
  now: () => Date;
}) {
  return {
    async invitation(token: string) {
      const record = await repository.findUsableToken('invitation', hashSecret(token), now());
      const user = record && (await repository.findUser(record.userId));
      if (!record || !user || user.userStatusId === UserStatus.Disabled) {
        throw new NotFound(authMessages.invitationInvalid);
      }
      return { email: user.email, first_name: user.firstName, last_name: user.lastName };
    },

    async register(input: {
      token: string;
      first_name: string;
      last_name: string;
      password: string;
    }) {
      const record = await repository.findUsableToken('invitation', hashSecret(input.token), now());
      const user = record && (await repository.findUser(record.userId));
      // A disabled user stays disabled, whatever link they kept.
      if (!record || !user || user.userStatusId === UserStatus.Disabled) {
        throw new NotFound(authMessages.invitationInvalid);
      }
      if (!(await repository.claimToken(record.id, now()))) {
        throw new NotFound(authMessages.invitationInvalid);
      }
      await repository.completeRegistration(
        record.userId,
        {
          firstName: input.first_name,
          lastName: input.last_name,
          passwordHash: await hashPassword(input.password),
        },
        now(),
      );
      return { message: 'Your account is ready. You can sign in now.' };
    },
  };
}
