// Session start checks the server's session answers before keeping them, as the domain's
// `sessionSchema` describes them: the same fields and types, unknown fields dropped. Written out
// here so the shell, which restores the session on every page, needs no schema library; a test
// holds it to the schema.
import type { Session, SessionRole } from '@flowsight/domain/auth';

type SessionUser = Session['user'];
/** What `GET /auth/me` answers: a session without its token. */
export type SignedInUser = Pick<Session, 'user' | 'roles' | 'active_role_id'>;

class SessionShapeError extends Error {
  constructor(field: string) {
    super(`The server's session answer has no valid ${field}`);
    this.name = 'SessionShapeError';
  }
}

type Fields = Record<string, unknown>;

function record(value: unknown, field: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SessionShapeError(field);
  }
  return value as Fields;
}

function integer(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new SessionShapeError(field);
  }
  return value;
}

function nullableInteger(value: unknown, field: string): number | null {
  return value === null ? null : integer(value, field);
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new SessionShapeError(field);
  return value;
}

function nullableText(value: unknown, field: string): string | null {
  return value === null ? null : text(value, field);
}

function readUser(value: unknown): SessionUser {
  const fields = record(value, 'user');
  const mfa = integer(fields.mfa, 'user.mfa');
  if (mfa < 0 || mfa > 1) throw new SessionShapeError('user.mfa');
  const user: SessionUser = {
    id: integer(fields.id, 'user.id'),
    email: text(fields.email, 'user.email'),
    first_name: text(fields.first_name, 'user.first_name'),
    last_name: text(fields.last_name, 'user.last_name'),
    mfa,
  };
  if (fields.phone !== undefined) user.phone = nullableText(fields.phone, 'user.phone');
  return user;
}

function readRole(value: unknown): SessionRole {
  const fields = record(value, 'role');
  if (typeof fields.allow_assignment !== 'boolean') {
    throw new SessionShapeError('role.allow_assignment');
  }
  return {
    id: integer(fields.id, 'role.id'),
    user_role_type_id: integer(fields.user_role_type_id, 'role.user_role_type_id'),
    company_id: nullableInteger(fields.company_id, 'role.company_id'),
    property_id: nullableInteger(fields.property_id, 'role.property_id'),
    building_id: nullableInteger(fields.building_id, 'role.building_id'),
    unit_id: nullableInteger(fields.unit_id, 'role.unit_id'),
    company_type_id: nullableInteger(fields.company_type_id, 'role.company_type_id'),
    allow_assignment: fields.allow_assignment,
    company_name: nullableText(fields.company_name, 'role.company_name'),
    property_name: nullableText(fields.property_name, 'role.property_name'),
    building_name: nullableText(fields.building_name, 'role.building_name'),
    unit_name: nullableText(fields.unit_name, 'role.unit_name'),
    description: text(fields.description, 'role.description'),
  };
}

/** A role as the session answers it (a kept one, say), or null when it is not one. */
export function readSessionRole(value: unknown): SessionRole | null {
  try {
    return readRole(value);
  } catch (error) {
    if (error instanceof SessionShapeError) return null;
    throw error;
  }
}

/** The user, roles and active role of `GET /auth/me`; throws when the answer is not one. */
export function readSignedInUser(value: unknown): SignedInUser {
  const fields = record(value, 'session');
  if (!Array.isArray(fields.roles)) throw new SessionShapeError('roles');
  return {
    user: readUser(fields.user),
    roles: fields.roles.map(readRole),
    active_role_id: integer(fields.active_role_id, 'active_role_id'),
  };
}

/** A complete session with its token; throws when the answer is not one. */
export function readSession(value: unknown): Session {
  const fields = record(value, 'session');
  if (fields.mfa_enabled !== false) throw new SessionShapeError('mfa_enabled');
  return {
    ...readSignedInUser(fields),
    access_token: text(fields.access_token, 'access_token'),
    mfa_enabled: false,
  };
}
