// People, their roles (each scoped to a company, property, building or unit) and the one-time
// secrets of sign-in: MFA challenges, reset/invitation tokens and signed-out access tokens.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { userRoleTypes, userStatuses } from './lookups.ts';
import { placeRefsBelowCompany } from './place-refs.ts';
import { optionalCompanyRef } from './portfolio.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    /** argon2id PHC string; null until an invited person sets a password. */
    passwordHash: text('password_hash'),
    mfa: smallint('mfa').notNull().default(0),
    userStatusId: smallint('user_status_id')
      .notNull()
      .default(2)
      .references(() => userStatuses.id),
    /** Bumped by password change/reset, role deletion and disabling: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    language: text('language'),
    lastLoginAt: tstz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_last_name_idx').on(t.lastName, t.firstName),
    index('users_status_idx').on(t.userStatusId),
  ],
);

/** Who made a row; kept when that user is deleted, as no one. */
export const createdBy = () =>
  integer('created_by').references(() => users.id, { onDelete: 'set null' });

export const userRoles = pgTable(
  'user_roles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userRoleTypeId: smallint('user_role_type_id')
      .notNull()
      .references(() => userRoleTypes.id),
    companyId: optionalCompanyRef(),
    ...placeRefsBelowCompany(),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_roles_user_idx').on(t.userId),
    index('user_roles_company_idx').on(t.companyId),
    index('user_roles_property_idx').on(t.propertyId),
    index('user_roles_building_idx').on(t.buildingId),
    index('user_roles_unit_idx').on(t.unitId),
  ],
);

/** A pending second factor, bound to the login attempt (its token) that asked for it. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').references(() => userRoles.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    clientAddress: text('client_address'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mfa_challenges_token_key').on(t.tokenHash),
    index('mfa_challenges_user_idx').on(t.userId),
  ],
);

/** Password-reset and invitation tokens; only their hashes are stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'invitation'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_token_key').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Access tokens ended by sign-out before their expiry, by their `jti`. The session check refuses
 * them; a row is useless once its token has expired and is pruned then.
 */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: tstz('expires_at').notNull(),
});
