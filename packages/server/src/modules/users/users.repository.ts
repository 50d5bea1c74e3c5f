// Queries of people and their roles. Tenant scope reaches users in exactly one place,
// `visibleUserIds`: a person is visible when they hold a role inside the caller's scope (anyone,
// for system roles), and only those in-scope roles take part in role filters. Rows leave here in
// the API's snake_case shape.
import { RoleType, UserStatus } from '@flowsight/domain/lookups';
import type { PlacementLevel } from '@flowsight/domain/roles';
import {
  and,
  asc,
  type Column,
  count,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { placeScope } from '../../db/queries/place-columns.ts';
import { selectRolesWithNames } from '../../db/queries/roles-with-names.ts';
import { userRoles, users, userTokens } from '../../db/schema/identity.ts';
import { buildings, companies, properties, units } from '../../db/schema/portfolio.ts';
import { defineList, filterColumns, type ListQuery, sortColumns } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { withDatabase } from '../../lib/with-database.ts';
import type { Placement, RolePlacement } from './placement.ts';
import type { UserRow } from './users.schemas.ts';

const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;

/**
 * The Users list. Role filters (`user_role_type_id`, `company_id`) match users holding such a role
 * among the roles the caller can see; several role filters must hold for the same role.
 */
export const userListDefinition = defineList({
  sortable: sortColumns(users, [
    'id',
    'email',
    'firstName',
    'lastName',
    'createdAt',
    'lastLoginAt',
  ]),
  filterable: {
    ...filterColumns(users, ['id', 'email', 'firstName', 'lastName', 'userStatusId', 'mfa']),
    ...filterColumns(userRoles, ['userRoleTypeId', 'companyId']),
  },
  searchable: [users.email, users.firstName, users.lastName, fullName],
  defaultSort: [
    { field: 'last_name', direction: 'ASC' },
    { field: 'first_name', direction: 'ASC' },
  ],
  tieBreaker: users.id,
});

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  mfa: users.mfa,
  userStatusId: users.userStatusId,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};
type UserSelection = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  mfa: number;
  userStatusId: number;
  lastLoginAt: Date | null;
  createdAt: Date;
};

const toUserRow = (u: UserSelection): UserRow => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  phone: u.phone,
  mfa: u.mfa,
  user_status_id: u.userStatusId,
  last_login_at: u.lastLoginAt?.toISOString() ?? null,
  created_at: u.createdAt.toISOString(),
});

/** A role row with the names of what it covers (no description: that is the service's). */
export type RoleRecord = {
  id: number;
  user_id: number;
  user_role_type_id: number;
  company_id: number | null;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
  company_name: string | null;
  property_name: string | null;
  building_name: string | null;
  unit_name: string | null;
};

/** What a new role is: its type and where it sits (ids null below its level; all null for system roles). */
export type RoleValues = { roleTypeId: number } & RolePlacement;

export type NewUser = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  roles: readonly RoleValues[];
  /** The one-time token that lets them set a password: an invitation, or a reset link. */
  token: {
    purpose: 'invitation' | 'reset';
    tokenHash: string;
    expiresAt: Date;
    createdByUserId: number | null;
  };
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The roles of user_roles that lie inside the scope; undefined means all. */
const rolesInScope = (scope: Scope) => placeScope(scope, userRoles);

/**
 * The roles that reach a property: company-wide roles of its company, and roles placed on the
 * property itself or on one of its buildings or units (those carry the property's id too).
 */
export const reachingProperty = (property: { companyId: number; propertyId: number }) =>
  or(
    and(eq(userRoles.companyId, property.companyId), isNull(userRoles.propertyId)),
    eq(userRoles.propertyId, property.propertyId),
  );

/**
 * Ids of the users the scope may see, narrowed by `where`, which may name columns of `users`
 * and of the in-scope `user_roles` rows. Every read and write of a user goes through it.
 */
function visibleUserIds(db: Database, scope: Scope, where?: SQL) {
  const inScope = rolesInScope(scope);
  return db
    .select({ id: users.id })
    .from(users)
    .leftJoin(userRoles, and(eq(userRoles.userId, users.id), inScope))
    .where(and(inScope ? isNotNull(userRoles.id) : undefined, where));
}

function isVisible(db: Database, scope: Scope, userId: Column, where?: SQL) {
  return inArray(userId, visibleUserIds(db, scope, where));
}

function rolesQuery(db: Database) {
  return selectRolesWithNames(db);
}

/** The visibility condition on any column holding a user id (notification contacts, …). */
function userIsVisible(db: Database, scope: Scope, userIdColumn: Column) {
  return isVisible(db, scope, userIdColumn);
}

/**
 * One page of the visible users; `reach` (a condition on the in-scope `user_roles` rows, as
 * `reachingPlace` builds) keeps those holding such a role, and the list's role filters then
 * apply to that same role.
 */
async function pageOfUsers(db: Database, scope: Scope, query: ListQuery, reach?: SQL) {
  const visible = isVisible(db, scope, users.id, and(reach, query.where));
  const [rows, [total]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(visible)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(users).where(visible),
  ]);
  // Each user's roles within the scope, so the lists can say who does what, and where.
  const roles = await rolesOfUsers(db, scope, rows);
  return {
    rows: rows.map((row) => ({
      ...toUserRow(row),
      roles: roles
        .filter((role) => role.user_id === row.id)
        .map((role) => ({
          user_role_type_id: role.user_role_type_id,
          company_id: role.company_id,
          company_name: role.company_name,
        })),
    })),
    total: total?.total ?? 0,
  };
}

/** Case-insensitive substring of name or email; prefix matches first, then by name. */
async function searchTop(
  db: Database,
  scope: Scope,
  text: string,
  limit: number,
): Promise<UserRow[]> {
  const fields = [users.email, users.firstName, users.lastName, fullName];
  const anywhere = `%${escapeLike(text)}%`;
  const prefix = `${escapeLike(text)}%`;
  const startsWith = or(...fields.map((field) => ilike(field, prefix)));
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(isVisible(db, scope, users.id, or(...fields.map((field) => ilike(field, anywhere)))))
    .orderBy(
      sql`case when ${startsWith} then 0 else 1 end`,
      asc(users.lastName),
      asc(users.firstName),
      asc(users.id),
    )
    .limit(limit);
  return rows.map(toUserRow);
}

async function findUser(db: Database, scope: Scope, id: number) {
  const [row] = await db
    .select({ ...userColumns, hasPassword: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(and(eq(users.id, id), isVisible(db, scope, users.id)));
  return row && { user: toUserRow(row), hasPassword: Boolean(row.hasPassword) };
}

async function nameOf(db: Database, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ email: users.email, name: sql<string>`trim(${fullName})` })
    .from(users)
    .where(eq(users.id, userId));
  return row && (row.name || row.email);
}

async function emailTaken(db: Database, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row !== undefined && row.id !== exceptUserId;
}

/** Creates an invited user (no password yet) with their roles and token, all or nothing. */
async function createInvitedUser(db: Database, values: NewUser): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone,
        passwordHash: null,
        userStatusId: UserStatus.Invited,
      })
      .returning(userColumns);
    if (!created) throw new Error('inserting a user returned no row');
    await tx.insert(userRoles).values(
      values.roles.map((role) => ({
        userId: created.id,
        userRoleTypeId: role.roleTypeId,
        companyId: role.companyId,
        propertyId: role.propertyId,
        buildingId: role.buildingId,
        unitId: role.unitId,
      })),
    );
    await tx.insert(userTokens).values({ userId: created.id, ...values.token });
    return toUserRow(created);
  });
}

/** The emails of the users holding the system admin role, lower-cased. */
async function systemAdminEmails(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(userRoles.userRoleTypeId, RoleType.SystemAdmin));
  return rows.map((row) => row.email);
}

async function updateUser(
  db: Database,
  id: number,
  fields: {
    firstName?: string;
    lastName?: string;
    phone?: string | null;
    email?: string;
    userStatusId?: number;
  },
  options: {
    endSessions: boolean;
    now: Date;
    /** A new invitation to store (a re-enabled user who never registered). */
    invitation?: NewUser['token'];
  },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        ...fields,
        updatedAt: options.now,
        ...(options.endSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      })
      .where(eq(users.id, id))
      .returning(userColumns);
    if (!updated) throw new Error(`user ${id} vanished while being updated`);
    if (options.endSessions) {
      // Ending someone's sessions also ends the links that would open new ones: their
      // outstanding invitation and password resets.
      await tx
        .update(userTokens)
        .set({ usedAt: options.now })
        .where(and(eq(userTokens.userId, id), isNull(userTokens.usedAt)));
    }
    if (options.invitation) {
      await tx.insert(userTokens).values({ userId: id, ...options.invitation });
    }
    return toUserRow(updated);
  });
}

async function deleteUser(db: Database, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** The user's roles the scope can see, oldest first, with names. */
function rolesOf(db: Database, scope: Scope, userId: number): Promise<RoleRecord[]> {
  return rolesQuery(db)
    .where(and(eq(userRoles.userId, userId), rolesInScope(scope)))
    .orderBy(asc(userRoles.id));
}

/** The roles the scope can see of each of `people`, oldest first, with names. */
async function rolesOfUsers(
  db: Database,
  scope: Scope,
  people: readonly { id: number }[],
): Promise<RoleRecord[]> {
  const ids = people.map((person) => person.id);
  if (ids.length === 0) return [];
  return rolesQuery(db)
    .where(and(inArray(userRoles.userId, ids), rolesInScope(scope)))
    .orderBy(asc(userRoles.id));
}

/** Every role of the user, whoever asks: for decisions, never for answers. */
function allRolesOf(db: Database, userId: number): Promise<RoleRecord[]> {
  return rolesQuery(db).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.id));
}

async function findRole(db: Database, roleId: number): Promise<RoleRecord | undefined> {
  const [role] = await rolesQuery(db).where(eq(userRoles.id, roleId));
  return role;
}

async function addRole(db: Database, userId: number, role: RoleValues): Promise<number> {
  const [created] = await db
    .insert(userRoles)
    .values({
      userId,
      userRoleTypeId: role.roleTypeId,
      companyId: role.companyId,
      propertyId: role.propertyId,
      buildingId: role.buildingId,
      unitId: role.unitId,
    })
    .returning({ id: userRoles.id });
  if (!created) throw new Error('inserting a role returned no row');
  return created.id;
}

/**
 * Deletes the role unless it is the owner's last one, and bumps the owner's token version,
 * under a lock on the owner so two deletions at once cannot leave them with none.
 */
async function deleteRoleUnlessLast(
  db: Database,
  roleId: number,
  userId: number,
): Promise<{ deleted: false } | { deleted: true; tokenVersion: number }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [held] = await tx
      .select({ roles: count() })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    if ((held?.roles ?? 0) <= 1) return { deleted: false as const };
    await tx.delete(userRoles).where(eq(userRoles.id, roleId));
    const [owner] = await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ tokenVersion: users.tokenVersion });
    if (!owner) throw new Error(`user ${userId} vanished while losing a role`);
    return { deleted: true as const, tokenVersion: owner.tokenVersion };
  });
}

/** One export chunk: visible users after `afterId` by id, with their in-scope roles. */
async function exportChunk(db: Database, scope: Scope, afterId: number | undefined, limit: number) {
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(
      and(
        afterId === undefined ? undefined : gt(users.id, afterId),
        isVisible(db, scope, users.id),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
  const roles = await rolesOfUsers(db, scope, rows);
  return rows.map((user) => ({ user, roles: roles.filter((r) => r.user_id === user.id) }));
}

/** Where a company, property, building or unit sits in the hierarchy; undefined if absent. */
async function findPlacement(
  db: Database,
  level: PlacementLevel,
  id: number,
): Promise<Placement | undefined> {
  switch (level) {
    case 'company': {
      const [row] = await db
        .select({ companyId: companies.id })
        .from(companies)
        .where(eq(companies.id, id));
      return row && { ...row, propertyId: null, buildingId: null, unitId: null };
    }
    case 'property': {
      const [row] = await db
        .select({ companyId: properties.companyId, propertyId: properties.id })
        .from(properties)
        .where(eq(properties.id, id));
      return row && { ...row, buildingId: null, unitId: null };
    }
    case 'building': {
      const [row] = await db
        .select({
          companyId: buildings.companyId,
          propertyId: buildings.propertyId,
          buildingId: buildings.id,
        })
        .from(buildings)
        .where(eq(buildings.id, id));
      return row && { ...row, unitId: null };
    }
    case 'unit': {
      const [row] = await db
        .select({
          companyId: units.companyId,
          propertyId: units.propertyId,
          buildingId: units.buildingId,
          unitId: units.id,
        })
        .from(units)
        .where(eq(units.id, id));
      return row;
    }
    default: {
      const unreachable: never = level;
      return unreachable;
    }
  }
}

export function createUsersRepository(db: Database) {
  return withDatabase(db, {
    userIsVisible,
    pageOfUsers,
    searchTop,
    findUser,
    nameOf,
    emailTaken,
    createInvitedUser,
    systemAdminEmails,
    updateUser,
    deleteUser,
    rolesOf,
    allRolesOf,
    findRole,
    addRole,
    deleteRoleUnlessLast,
    exportChunk,
    findPlacement,
  });
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
