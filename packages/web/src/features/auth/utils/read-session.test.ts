import { sessionRoleSchema, sessionSchema } from '@flowsight/domain/auth';
import { describe, expect, it } from 'vitest';
import { meOf, roleFixture, sessionFixture } from '@/testing/session-fixtures';
import { readSession, readSessionRole, readSignedInUser } from './read-session';

const meSchema = sessionSchema.pick({ user: true, roles: true, active_role_id: true });

const session = sessionFixture({
  roles: [
    roleFixture(),
    roleFixture({
      id: 12,
      user_role_type_id: 8,
      property_id: 3,
      building_id: 5,
      unit_id: 9,
      allow_assignment: true,
      property_name: 'Elm Court',
      building_name: 'North',
      unit_name: '4B',
    }),
  ],
});

/** Answers that differ from a valid session in one field each. */
const broken: Array<[string, unknown]> = [
  ['no object', 'session'],
  ['null', null],
  ['an array', [session]],
  ['no user', { ...session, user: undefined }],
  ['a text user id', { ...session, user: { ...session.user, id: '7' } }],
  ['a fractional user id', { ...session, user: { ...session.user, id: 7.5 } }],
  ['an mfa flag of 2', { ...session, user: { ...session.user, mfa: 2 } }],
  ['a numeric phone', { ...session, user: { ...session.user, phone: 555 } }],
  ['a missing last name', { ...session, user: { ...session.user, last_name: undefined } }],
  ['roles that are no list', { ...session, roles: {} }],
  ['a role without a description', { ...session, roles: [{ ...roleFixture(), description: 1 }] }],
  ['a text company id', { ...session, roles: [{ ...roleFixture(), company_id: '1' }] }],
  ['a missing unit name', { ...session, roles: [{ ...roleFixture(), unit_name: undefined }] }],
  ['a numeric assignment flag', { ...session, roles: [{ ...roleFixture(), allow_assignment: 1 }] }],
  ['no active role', { ...session, active_role_id: null }],
  ['no token', { ...session, access_token: undefined }],
  ['an MFA challenge', { ...session, mfa_enabled: true }],
];

describe('readSession', () => {
  it('keeps a valid session as the domain schema does', () => {
    expect(readSession(session)).toStrictEqual(sessionSchema.parse(session));
    expect(readSession(session)).toStrictEqual(session);
  });

  it('keeps a phone number or its absence', () => {
    for (const phone of ['+40 721 000 000', null]) {
      const withPhone = { ...session, user: { ...session.user, phone } };
      expect(readSession(withPhone)).toStrictEqual(sessionSchema.parse(withPhone));
      expect(readSession(withPhone).user.phone).toBe(phone);
    }
    expect('phone' in readSession(session).user).toBe(false);
  });

  it('drops fields the schema does not know', () => {
    const extra = {
      ...session,
      refresh: 'x',
      user: { ...session.user, password_hash: 'secret' },
      roles: session.roles.map((role) => ({ ...role, internal: true })),
    };
    expect(readSession(extra)).toStrictEqual(sessionSchema.parse(extra));
    expect(readSession(extra)).toStrictEqual(session);
  });

  it.each(broken)('rejects an answer with %s, as the schema does', (_name, answer) => {
    expect(sessionSchema.safeParse(answer).success).toBe(false);
    expect(() => readSession(answer)).toThrow();
  });
});

describe('readSignedInUser', () => {
  it('keeps the user, roles and active role of /auth/me', () => {
    const me = { ...meOf(session), access_token: 'ignored', mfa_enabled: false };
    expect(readSignedInUser(me)).toStrictEqual(meSchema.parse(me));
    expect(readSignedInUser(me)).toStrictEqual(meOf(session));
  });

  it.each(broken.filter(([name]) => !['no token', 'an MFA challenge'].includes(name)))(
    'rejects an answer with %s, as the schema does',
    (_name, answer) => {
      expect(meSchema.safeParse(answer).success).toBe(false);
      expect(() => readSignedInUser(answer)).toThrow();
    },
  );
});

describe('readSessionRole', () => {
  const roles: Array<[string, unknown]> = [
    ['a whole role', roleFixture()],
    ['a role of a unit', session.roles[1]],
    ['a role with a field the schema does not know', { ...roleFixture(), internal: true }],
    ['a role without a description', { ...roleFixture(), description: undefined }],
    ['a fractional id', { ...roleFixture(), id: 7.5 }],
    ['a text company id', { ...roleFixture(), company_id: '1' }],
    ['null where a value is required', { ...roleFixture(), user_role_type_id: null }],
    ['a numeric assignment flag', { ...roleFixture(), allow_assignment: 1 }],
    ['no object', 'role'],
    ['null', null],
    ['an array', [roleFixture()]],
  ];
  it.each(roles)('answers as the schema does for %s', (_name, value) => {
    const parsed = sessionRoleSchema.safeParse(value);
    expect(readSessionRole(value)).toStrictEqual(parsed.success ? parsed.data : null);
  });
});
