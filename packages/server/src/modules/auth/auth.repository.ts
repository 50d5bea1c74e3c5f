// Queries behind sign-in and sessions: users by email, their roles with the names of what each
// role covers, MFA challenges, one-time tokens and signed-out access tokens.
import { UserStatus } from '@flowsight/domain/lookups';
import { and, asc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { selectRolesWithNames } from '../../db/queries/roles-with-names.ts';
import {
  mfaChallenges,
  revokedTokens,
  userRoles,
  users,
  userTokens,
} from '../../db/schema/identity.ts';

export type UserRecord = typeof users.$inferSelect;

export type RoleRecord = {
  id: number;
  user_role_type_id: number;
  company_id: number | null;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
  company_type_id: number | null;
  allow_assignment: boolean;
  company_name: string | null;
  property_name: string | null;
  building_name: string | null;
  unit_name: string | null;
};

export type SessionRecord = {
  user_status_id: number;
  token_version: number;
  role_id: number;
  user_role_type_id: number;
  company_id: number | null;
  company_type_id: number | null;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
};

export function createAuthRepository(db: Database) {
  return {
    async findUserByEmail(email: string): Promise<UserRecord | undefined> {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      return user;
    },

    async findUser(id: number): Promise<UserRecord | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id));
      return user;
    },

    /** A user's roles, the first (lowest id) first: it is the one sign-in starts with. */
    rolesOf: (userId: number): Promise<RoleRecord[]> =>
      selectRolesWithNames(db).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.id)),

    /**
     * What every authenticated request checks, in one round trip: the user's status and token
     * version, and the role (if it is this user's) with its company's type — nothing when the
     * token was signed out.
     */
    async findSession(
      userId: number,
      roleId: number,
      tokenId: string,
    ): Promise<SessionRecord | undefined> {
      const [session] = await selectRows<SessionRecord>(
        db,
        sql`
        select u.user_status_id, u.token_version, r.id as role_id, r.user_role_type_id, r.company_id,
               c.company_type_id, r.property_id, r.building_id, r.unit_id
        from users u
        join user_roles r on r.user_id = u.id and r.id = ${roleId}
        left join companies c on c.id = r.company_id
        where u.id = ${userId}
          and not exists (select 1 from revoked_tokens t where t.jti = ${tokenId})`,
      );
      return session;
    },

    /** Refuses one access token from now on; rows of tokens expired by now are pruned. */
    async revokeToken(tokenId: string, expiresAt: Date, now: Date): Promise<void> {
      await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
      await db
        .insert(revokedTokens)
        .values({ jti: tokenId, expiresAt })
        .onConflictDoNothing({ target: revokedTokens.jti });
    },

    async findRole(roleId: number): Promise<(RoleRecord & { user_id: number }) | undefined> {
      const [role] = await selectRolesWithNames(db).where(eq(userRoles.id, roleId));
      return role;
    },

    async recordLogin(userId: number, now: Date): Promise<void> {
      await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
    },

    async setPassword(userId: number, passwordHash: string, now: Date): Promise<UserRecord> {
      const [user] = await db
        .update(users)
        .set({
          passwordHash,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          userStatusId: sql`case when ${users.userStatusId} = 1 then 2 else ${users.userStatusId} end`,
          updatedAt: now,
        })
        .where(eq(users.id, userId))
        .returning();
      if (!user) throw new Error(`user ${userId} vanished while setting a password`);
      return user;
    },

    async completeRegistration(
      userId: number,
      fields: { firstName: string; lastName: string; passwordHash: string },
      now: Date,
    ): Promise<void> {
      // Never a disabled user's: disabling between the check and this write changes nothing.
      await db
        .update(users)
        .set({ ...fields, userStatusId: UserStatus.Active, updatedAt: now })
        .where(and(eq(users.id, userId), ne(users.userStatusId, UserStatus.Disabled)));
    },

    async updateProfile(
      userId: number,
      fields: { firstName?: string; lastName?: string; phone?: string | null },
      now: Date,
    ): Promise<void> {
      await db
        .update(users)
        .set({ ...fields, updatedAt: now })
        .where(eq(users.id, userId));
    },

    async setMfa(userId: number, mfa: 0 | 1, now: Date): Promise<void> {
      await db.update(users).set({ mfa, updatedAt: now }).where(eq(users.id, userId));
    },

    async createChallenge(values: typeof mfaChallenges.$inferInsert): Promise<void> {
      await db.insert(mfaChallenges).values(values);
    },

    async findChallenge(tokenHash: string) {
      const [challenge] = await db
        .select()
        .from(mfaChallenges)
        .where(eq(mfaChallenges.tokenHash, tokenHash));
      return challenge;
    },

    async countFailedAttempt(id: number): Promise<void> {
      await db
        .update(mfaChallenges)
        .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
        .where(eq(mfaChallenges.id, id));
    },

    /** Marks the challenge used; false when another request used it first. */
    async consumeChallenge(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(mfaChallenges)
        .set({ consumedAt: now })
        .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.consumedAt)))
        .returning({ id: mfaChallenges.id });
      return rows.length === 1;
    },

    async createUserToken(values: typeof userTokens.$inferInsert): Promise<void> {
      await db.insert(userTokens).values(values);
    },

    async findUsableToken(purpose: 'reset' | 'invitation', tokenHash: string, now: Date) {
      const [token] = await db
        .select()
        .from(userTokens)
        .where(
          and(
            eq(userTokens.tokenHash, tokenHash),
            eq(userTokens.purpose, purpose),
            isNull(userTokens.usedAt),
            gt(userTokens.expiresAt, now),
          ),
        );
      return token;
    },

    /** Takes a one-time token; false when it was used meanwhile (single use under races). */
    async claimToken(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(userTokens)
        .set({ usedAt: now })
        .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
        .returning({ id: userTokens.id });
      return rows.length === 1;
    },

    /** Uses up every open token of that purpose for the user (a reset link works once). */
    async useTokens(userId: number, purpose: 'reset' | 'invitation', now: Date): Promise<void> {
      await db
        .update(userTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(userTokens.userId, userId),
            eq(userTokens.purpose, purpose),
            isNull(userTokens.usedAt),
          ),
        );
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
