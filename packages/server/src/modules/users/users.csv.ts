// The users' CSV export: its columns, and one user with their roles as a row of it.
import { userStatuses } from '@flowsight/domain/lookups';
import { describeRole } from '@flowsight/domain/roles';
import type { CsvColumn } from '../../lib/csv.ts';
import type { UsersRepository } from './users.repository.ts';

type UserExportRow = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  mfa: 'On' | 'Off';
  status: string;
  roles: string;
  last_login_at: Date | null;
  created_at: Date;
};

export const userExportColumns: readonly CsvColumn<UserExportRow>[] = [
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'email', header: 'Email', kind: 'text' },
  { key: 'first_name', header: 'First name', kind: 'text' },
  { key: 'last_name', header: 'Last name', kind: 'text' },
  { key: 'phone', header: 'Phone', kind: 'text' },
  // As the profile's switch shows it, not the stored 0/1.
  { key: 'mfa', header: 'MFA', kind: 'text' },
  { key: 'status', header: 'Status', kind: 'text' },
  { key: 'roles', header: 'Roles', kind: 'text' },
  { key: 'last_login_at', header: 'Last login', kind: 'date' },
  { key: 'created_at', header: 'Created', kind: 'date' },
];

const statusName = (id: number) => userStatuses.find((s) => s.id === id)?.name ?? String(id);

/** A user of the export's chunks as a row: MFA and status in words, the roles described. */
export function userExportRow({
  user,
  roles,
}: Awaited<ReturnType<UsersRepository['exportChunk']>>[number]): UserExportRow {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    mfa: user.mfa ? 'On' : 'Off',
    status: statusName(user.userStatusId),
    roles: roles.map((role) => describeRole(role.user_role_type_id, role)).join('; '),
    last_login_at: user.lastLoginAt,
    created_at: user.createdAt,
  };
}
