// People and their roles (spec sections 3, 5, 6; DESIGN section 5): who may see, invite, change
// and remove whom, which roles a caller may grant and where, the last-role rule, and the users
// CSV export. System roles manage everyone; a company admin manages the people of their company.
import { accessFor, mayCall } from '@flowsight/domain/access';
import { DELETED_MESSAGE, LAST_ROLE_MESSAGE } from '@flowsight/domain/auth';
import { UserStatus } from '@flowsight/domain/lookups';
import { csvFile, keysetChunks } from '../../lib/csv.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import type { ListQueryInput } from '../../lib/list-query.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashSecret, newSecretToken } from '../../lib/secrets.ts';
import { inScope, type Scope, scopeLevel, seesEverything } from '../../lib/tenant-scope.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { authMails } from '../auth/auth.mails.ts';
import { INVITATION_TTL_MS } from '../auth/auth.service.ts';
import { placementOf } from './placement.ts';
import { userExportColumns, userExportRow } from './users.csv.ts';
import {
  type RoleValues,
  reachingProperty,
  type UsersRepository,
  userListDefinition,
} from './users.repository.ts';
import { heldKey, placeRole, roleKey, withDescription } from './users.roles.ts';
import type {
  CreateUserInput,
  RoleGrant,
  UpdateUserInput,
  UserRoleRow,
  UserRow,
} from './users.schemas.ts';

export const userListQuerySchema = userListDefinition.querySchema;
export const SEARCH_TOP_LIMIT = 5;
export const DELETED = DELETED_MESSAGE;

type Dependencies = {
  repository: UsersRepository;
  tokens: TokenService;
  mailer: Mailer;
  appUrl: string;
  now?: () => Date;
};

/** Enabling brings back whoever they were: active, or still invited when they never registered. */
function nextStatus(current: number, requested: number | undefined, hasPassword: boolean) {
  if (requested === undefined) return current;
  if (requested === UserStatus.Disabled) return UserStatus.Disabled;
  if (current !== UserStatus.Disabled) return current;
  return hasPassword ? UserStatus.Active : UserStatus.Invited;
}

export function createUsersService(deps: Dependencies) {
  const { repository, tokens, mailer, appUrl } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireUser(scope: Scope, id: number) {
    const found = await repository.findUser(scope, id);
    if (!found) throw new NotFound('User not found');
    return found;
  }

  /** A new invitation from the caller: the token to store, and the mail with its link. */
  async function newInvitation(scope: Scope) {
    const secret = newSecretToken();
    const inviter = (await repository.nameOf(scope.userId)) ?? 'Flowsight';
    const link = `${appUrl}/register?${new URLSearchParams({ token: secret })}`;
    return {
      token: {
        purpose: 'invitation' as const,
        tokenHash: hashSecret(secret),
        expiresAt: new Date(now().getTime() + INVITATION_TTL_MS),
        createdByUserId: scope.userId,
      },
      send: (email: string) => mailer.send(authMails.invitation(email, inviter, link)),
    };
  }

  /**
   * A person who also holds roles outside the caller's company is shared with another tenant:
   * only system staff may delete them or change how they sign in.
   */
  async function requireWhollyInScope(scope: Scope, userId: number, action: string) {
    if (seesEverything(scope)) return;
    const roles = await repository.allRolesOf(userId);
    if (roles.some((role) => !inScope(scope, placementOf(role)))) {
      const level = scopeLevel(scope) ?? 'company';
      throw new Conflict(
        level === 'company'
          ? `This user also holds roles outside your company; only Flowsight staff can ${action}`
          : `This user also holds roles outside your ${level}; only someone whose role covers all of them can ${action}`,
      );
    }
  }

  return {
    async list(scope: Scope, input: ListQueryInput, url: string) {
      return userListDefinition.page(input, url, (query) => repository.pageOfUsers(scope, query));
    },

    /**
     * The property's users tab: the visible users holding a role that reaches the property (see
     * `reachingProperty`). A property outside the caller's scope is not found, as everywhere.
     */
    async propertyUsers(scope: Scope, propertyId: number, input: ListQueryInput, url: string) {
      const place = await repository.findPlacement('property', propertyId);
      // A role narrowed to a building or unit of the property still reaches its page.
      const reachable =
        place && inScope(scope, { companyId: place.companyId, propertyId: place.propertyId });
      if (!place || !reachable || place.propertyId === null) {
        throw new NotFound(`Property ${propertyId} not found`);
      }
      const reach = reachingProperty({ companyId: place.companyId, propertyId: place.propertyId });
      return userListDefinition.page(input, url, (query) =>
        repository.pageOfUsers(scope, query, reach),
      );
    },

    searchTop: (scope: Scope, text: string) => repository.searchTop(scope, text, SEARCH_TOP_LIMIT),

    get: async (scope: Scope, id: number): Promise<UserRow> => (await requireUser(scope, id)).user,

    /** Creates an invited user with their roles and emails the link where they set a password. */
    async create(scope: Scope, input: CreateUserInput): Promise<UserRow> {
      const roles: RoleValues[] = [];
      for (const grant of input.roles) {
        const role = await placeRole(repository.findPlacement, scope, grant);
        if (roles.some((r) => roleKey(r) === roleKey(role))) {
          throw new Invalid('The same role is listed twice');
        }
        roles.push(role);
      }
      if (await repository.emailTaken(input.email)) {
        throw new Conflict('A user with this email already exists');
      }
      const invitation = await newInvitation(scope);
      const user = await repository.createInvitedUser({
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone ?? null,
        roles,
        token: invitation.token,
      });
      try {
        await invitation.send(user.email);
      } catch (error) {
        // Nobody could ever register: take the user back so the invitation can simply be retried.
        await repository.deleteUser(user.id);
        throw error;
      }
      return user;
    },

    async update(scope: Scope, id: number, input: UpdateUserInput): Promise<UserRow> {
      const { user, hasPassword } = await requireUser(scope, id);
      const disabling = input.user_status_id === UserStatus.Disabled;
      if (disabling && id === scope.userId) {
        throw new Invalid('You cannot disable your own account');
      }
      const status = nextStatus(user.user_status_id, input.user_status_id, hasPassword);
      const emailChanges = input.email !== undefined && input.email !== user.email;
      if (emailChanges || status !== user.user_status_id) {
        await requireWhollyInScope(scope, id, 'change their email or status');
      }
      if (emailChanges && input.email && (await repository.emailTaken(input.email, id))) {
        throw new Conflict('A user with this email already exists');
      }
      // Disabling voided their invitation: enabled again before they registered, they are invited
      // afresh.
      const reinvited =
        user.user_status_id === UserStatus.Disabled && status === UserStatus.Invited
          ? await newInvitation(scope)
          : undefined;
      const updated = await repository.updateUser(
        id,
        {
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone,
          email: input.email,
          userStatusId: status,
        },
        {
          endSessions: disabling && user.user_status_id !== UserStatus.Disabled,
          now: now(),
          ...(reinvited ? { invitation: reinvited.token } : {}),
        },
      );
      if (reinvited) await reinvited.send(updated.email);
      return updated;
    },

    async remove(scope: Scope, id: number) {
      await requireUser(scope, id);
      if (id === scope.userId) throw new Invalid('You cannot delete your own account');
      await requireWhollyInScope(scope, id, 'delete them');
      await repository.deleteUser(id);
      return { message: DELETED };
    },

    async roles(scope: Scope, userId: number): Promise<UserRoleRow[]> {
      await requireUser(scope, userId);
      return (await repository.rolesOf(scope, userId)).map(withDescription);
    },

    async addRole(scope: Scope, userId: number, grant: RoleGrant): Promise<UserRoleRow> {
      await requireUser(scope, userId);
      const role = await placeRole(repository.findPlacement, scope, grant);
      const held = await repository.allRolesOf(userId);
      if (held.some((r) => heldKey(r) === roleKey(role))) {
        throw new Conflict('The user already holds this role');
      }
      const created = await repository.findRole(await repository.addRole(userId, role));
      if (!created) throw new Error('a role vanished right after it was added');
      return withDescription(created);
    },

    /**
     * Removes a role. Callers may remove their own roles; managers those of people they manage.
     * The owner's older tokens stop working; callers who removed another of their own roles get
     * a fresh token for the active one, so they stay signed in.
     */
    async deleteRole(
      scope: Scope,
      roleId: number,
    ): Promise<{ message: string; access_token?: string }> {
      const role = await repository.findRole(roleId);
      if (!role) throw new NotFound('Role not found');
      const own = role.user_id === scope.userId;
      if (!own) {
        // Others' roles are seen by those who may read users, inside their scope (a role in the
        // scope belongs to a user the caller can see); taking one away needs the right to grant.
        const maySeeUsers = mayCall(accessFor('GET', '/users/:id') ?? [], scope.roleTypeId);
        if (!maySeeUsers || !inScope(scope, placementOf(role)))
          throw new NotFound('Role not found');
        if (!mayCall(accessFor('POST', '/users/:id/role') ?? [], scope.roleTypeId)) {
          throw new Forbidden('You may not change the roles of other users');
        }
      }
      const result = await repository.deleteRoleUnlessLast(role.id, role.user_id);
      if (!result.deleted) throw new Invalid(LAST_ROLE_MESSAGE);
      if (own && role.id !== scope.roleId) {
        const accessToken = await tokens.sign({
          userId: scope.userId,
          roleId: scope.roleId,
          tokenVersion: result.tokenVersion,
        });
        return { message: DELETED, access_token: accessToken };
      }
      return { message: DELETED };
    },

    /** Every visible user as CSV, read in keyset chunks and streamed. */
    exportCsv(scope: Scope, timeZone: string) {
      const rows = keysetChunks(
        async (afterId, limit) =>
          (await repository.exportChunk(scope, afterId, limit)).map(userExportRow),
        (row) => row.id,
      );
      return csvFile('users', userExportColumns, rows, timeZone, now());
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
