// Sign-in and everything around it: passwords, the MFA second factor, sessions and role
// switching (spec sections 4–6, DESIGN section 5); forgotten passwords and invitations are in
// auth.password-reset.ts and auth.invitations.ts.
import {
  authMessages,
  INVALID_CREDENTIALS_MESSAGE,
  type Session,
  type SessionRole,
} from '@flowsight/domain/auth';
import { UserStatus } from '@flowsight/domain/lookups';
import { describeRole, isSystemRole, mayUseWebApp } from '@flowsight/domain/roles';
import { Forbidden, Invalid, Unauthorized } from '../../lib/errors.ts';
import type { KnownDevices } from '../../lib/known-devices.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { IdentityRateLimits, RateLimiter } from '../../lib/rate-limiter.ts';
import { hashSecret, newNumericCode, newSecretToken, sameSecret } from '../../lib/secrets.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { invitationCalls } from './auth.invitations.ts';
import { authMails } from './auth.mails.ts';
import { PASSWORD_CHANGED, passwordResetCalls } from './auth.password-reset.ts';
import type { AuthRepository, RoleRecord, UserRecord } from './auth.repository.ts';

export const MFA_CODE_TTL_MS = 10 * 60 * 1000;
export const MFA_MAX_ATTEMPTS = 5;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type Dependencies = {
  repository: AuthRepository;
  tokens: TokenService;
  mailer: Mailer;
  knownDevices: KnownDevices;
  limiter: RateLimiter;
  limits: IdentityRateLimits;
  appUrl: string;
  now?: () => Date;
};

/** Who is signing in: the client's address and the known-device cookie their browser sent. */
export type SignInClient = { address: string; device?: string | undefined };
/** A sign-in call's answer, and the known-device cookie value to keep after a whole sign-in. */
export type SignInResult<T> = { answer: T; device?: string };

export type MeResponse = Omit<Session, 'access_token' | 'mfa_enabled'>;

export function toSessionRole(role: RoleRecord): SessionRole {
  return { ...role, description: describeRole(role.user_role_type_id, role) };
}

export function createAuthService(deps: Dependencies) {
  const { repository, tokens, mailer, knownDevices, limiter, limits, appUrl } = deps;
  const now = deps.now ?? (() => new Date());
  const invalidCredentials = () => new Unauthorized(INVALID_CREDENTIALS_MESSAGE);

  // A password guess against an account (sign-in or change-password) counts in turn under the
  // account and the address it came from, the address, and the account from anywhere — or, from
  // a known device (or a signed-in session), that device instead of the account. A guess refused
  // by one bound is not counted by the wider ones after it (RateLimiter.hitInTurn).
  const accountAndAddressKey = (email: string, address: string) =>
    `password:account-address:${email.toLowerCase()}:${address}`;
  const addressKey = (address: string) => `password:address:${address}`;
  const wideKey = (email: string, device: string | undefined) =>
    device ? `password:device:${device}` : `password:account:${email.toLowerCase()}`;
  const passwordAttempt = (email: string, address: string, device: string | undefined) =>
    limiter.hitInTurn([
      { key: accountAndAddressKey(email, address), rule: limits.passwordPerAccountAndAddress },
      { key: addressKey(address), rule: limits.passwordPerAddress },
      {
        key: wideKey(email, device),
        rule: device ? limits.passwordPerKnownDevice : limits.passwordPerAccount,
      },
    ]);
  /**
   * The whole sign-in (or password change) succeeded: the failures from that address are
   * forgiven, and this attempt is taken back from the address's and the account's (or device's)
   * bounds, which so count failures only (earlier ones stay).
   */
  const passwordAccepted = async (email: string, address: string, device: string | undefined) => {
    await limiter.reset(accountAndAddressKey(email, address));
    await limiter.release(addressKey(address));
    await limiter.release(wideKey(email, device));
  };
  /** The id of the known device `cookie` names for the user, if it holds a valid note. */
  const knownDevice = (cookie: string | undefined, user: UserRecord | undefined) =>
    user ? knownDevices.find(cookie, user.id, user.tokenVersion)?.deviceId : undefined;
  /** The whole sign-in succeeded: a session, and the browser remembered as a known device. */
  const signedIn = async (user: UserRecord, roleId: number, cookie: string | undefined) => ({
    answer: await sessionFor(user, roleId),
    device: knownDevices.remember(cookie, user.id, user.tokenVersion),
  });

  /** Roles that can be used in the web app; others (resident, …) only receive alerts. */
  const usableRoles = async (userId: number) =>
    (await repository.rolesOf(userId)).filter((r) => mayUseWebApp(r.user_role_type_id));

  async function sessionFor(user: UserRecord, roleId: number): Promise<Session> {
    const roles = await usableRoles(user.id);
    return {
      user: publicUser(user),
      roles: roles.map(toSessionRole),
      active_role_id: roleId,
      access_token: await tokens.sign({
        userId: user.id,
        roleId,
        tokenVersion: user.tokenVersion,
      }),
      mfa_enabled: false,
    };
  }

  return {
    async login(
      email: string,
      password: string,
      client: SignInClient,
    ): Promise<SignInResult<Session | { mfa_enabled: true; mfa_token: string }>> {
      const { address: clientAddress } = client;
      const user = await repository.findUserByEmail(email);
      const device = knownDevice(client.device, user);
      await passwordAttempt(email, clientAddress, device);
      const passwordMatches = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !passwordMatches || user.userStatusId !== UserStatus.Active) {
        throw invalidCredentials();
      }
      const [firstRole] = await repository.rolesOf(user.id);
      // The same answer as a wrong password: nothing tells which check failed.
      if (!firstRole || !mayUseWebApp(firstRole.user_role_type_id)) throw invalidCredentials();

      if (user.mfa === 1 && !isSystemRole(firstRole.user_role_type_id)) {
        // Each challenge emails a code: a user gets a bounded number. The password's failures
        // stay counted until the code is right too (loginWithMfa).
        await limiter.hit([
          { key: `mfa:challenges:${user.id}`, rule: limits.mfaChallengesPerUser },
        ]);
        const mfaToken = newSecretToken();
        const code = newNumericCode();
        await repository.createChallenge({
          userId: user.id,
          roleId: firstRole.id,
          tokenHash: hashSecret(mfaToken),
          codeHash: hashSecret(code),
          expiresAt: new Date(now().getTime() + MFA_CODE_TTL_MS),
          clientAddress,
        });
        await mailer.send(authMails.mfaCode(user.email, code));
        return { answer: { mfa_enabled: true as const, mfa_token: mfaToken } };
      }
      await passwordAccepted(email, clientAddress, device);
      await repository.recordLogin(user.id, now());
      return signedIn(user, firstRole.id, client.device);
    },

    async loginWithMfa(
      mfaToken: string,
      code: string,
      client: SignInClient,
    ): Promise<SignInResult<Session>> {
      const { address: clientAddress } = client;
      await limiter.hit([{ key: `mfa:address:${clientAddress}`, rule: limits.mfaPerAddress }]);
      const challenge = await repository.findChallenge(hashSecret(mfaToken));
      const expired = authMessages.codeExpired;
      if (!challenge || challenge.consumedAt || challenge.expiresAt <= now()) {
        throw new Unauthorized(expired);
      }
      // Codes tried for this user across all their challenges; a right one is taken back.
      const userCodesKey = `mfa:codes:${challenge.userId}`;
      await limiter.hit([{ key: userCodesKey, rule: limits.mfaCodesPerUser }]);
      if (challenge.attempts >= MFA_MAX_ATTEMPTS) {
        await repository.consumeChallenge(challenge.id, now());
        throw new Unauthorized(authMessages.tooManyCodes);
      }
      if (!sameSecret(hashSecret(code), challenge.codeHash)) {
        await repository.countFailedAttempt(challenge.id);
        throw new Unauthorized(authMessages.codeNotValid);
      }
      if (!(await repository.consumeChallenge(challenge.id, now())))
        throw new Unauthorized(expired);
      await limiter.release(userCodesKey);
      const user = await repository.findUser(challenge.userId);
      const roles = user ? await usableRoles(user.id) : [];
      const role = roles.find((r) => r.id === challenge.roleId) ?? roles[0];
      if (!user || user.userStatusId !== UserStatus.Active || !role) throw invalidCredentials();
      // The whole sign-in succeeded: now the password's failures from that address are cleared
      // (the same browser sends the same known-device cookie as at the password step).
      const device = knownDevice(client.device, user);
      await passwordAccepted(user.email, challenge.clientAddress ?? clientAddress, device);
      await repository.recordLogin(user.id, now());
      return signedIn(user, role.id, client.device);
    },

    async me(scope: Scope): Promise<MeResponse> {
      const user = await repository.findUser(scope.userId);
      if (!user) throw new Unauthorized('Session expired');
      const roles = await usableRoles(user.id);
      return {
        user: publicUser(user),
        roles: roles.map(toSessionRole),
        active_role_id: scope.roleId,
      };
    },

    /** A token for another of the caller's own roles; anyone else's role is refused. */
    async newToken(scope: Scope, roleId: number): Promise<Session> {
      const role = await repository.findRole(roleId);
      if (!role || role.user_id !== scope.userId || !mayUseWebApp(role.user_role_type_id)) {
        throw new Unauthorized('This role is not yours');
      }
      const user = await repository.findUser(scope.userId);
      if (!user) throw new Unauthorized('Session expired');
      return sessionFor(user, role.id);
    },

    ...passwordResetCalls({ repository, mailer, limiter, limits, appUrl, now }),

    /** Signs one access token out: it is refused from now on; other sessions go on. */
    async logout(token: string): Promise<void> {
      const claims = await tokens.verify(token);
      await repository.revokeToken(claims.tokenId, claims.expiresAt, now());
    },

    async changePassword(
      scope: Scope,
      oldPassword: string,
      newPassword: string,
      clientAddress: string,
    ) {
      const user = await repository.findUser(scope.userId);
      if (!user) throw new Unauthorized('Session expired');
      // The old password is a password guess like a sign-in's, and counts with them; the
      // signed-in session stands for a known device, so failures elsewhere do not stop it.
      const session = `session-${user.id}`;
      await passwordAttempt(user.email, clientAddress, session);
      if (!(await verifyPassword(user.passwordHash, oldPassword))) {
        throw new Invalid(authMessages.oldPasswordIncorrect);
      }
      await passwordAccepted(user.email, clientAddress, session);
      if (oldPassword === newPassword) {
        throw new Invalid(authMessages.passwordUnchanged);
      }
      const updated = await repository.setPassword(user.id, await hashPassword(newPassword), now());
      // Every other session ends; this one continues with a token of the new version.
      const accessToken = await tokens.sign({
        userId: user.id,
        roleId: scope.roleId,
        tokenVersion: updated.tokenVersion,
      });
      return { message: PASSWORD_CHANGED, access_token: accessToken };
    },

    ...invitationCalls({ repository, now }),

    /** The caller's own name and phone (the settings page's profile). */
    async updateProfile(
      scope: Scope,
      input: {
        first_name?: string | undefined;
        last_name?: string | undefined;
        phone?: string | null | undefined;
      },
    ): Promise<MeResponse> {
      await repository.updateProfile(
        scope.userId,
        {
          ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
          ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
        },
        now(),
      );
      return this.me(scope);
    },

    async setMfa(scope: Scope, status: 0 | 1) {
      if (isSystemRole(scope.roleTypeId)) {
        throw new Forbidden(authMessages.mfaNotForSystemRoles);
      }
      await repository.setMfa(scope.userId, status, now());
      return {
        message: status === 1 ? authMessages.mfaEnabled : authMessages.mfaDisabled,
      };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

function publicUser(user: UserRecord) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    mfa: user.mfa,
  };
}
