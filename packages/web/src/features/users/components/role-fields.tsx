// One role to grant: its type (only those that can sign in and the caller may grant), then, for a
// company role, its company and optionally one property and one building, chosen by name
// (`role-place-fields.tsx`); the caller's own place is shown, fixed.
import type { SessionRole } from '@flowsight/domain/auth';
import { roleTypes } from '@flowsight/domain/lookups';
import { grantableRoleTypes } from '@flowsight/domain/role-grants';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { levelsToPick, type RoleDraft } from '../utils/role-placement';
import { RolePlaceFields } from './role-place-fields';

export type RoleFieldsProps = {
  value: RoleDraft;
  onChange: (next: RoleDraft) => void;
  /**
   * The caller's role: it decides the types offered and the place every grant falls within
   * (`grantBounds`: nothing fixed for system staff, the company and any narrower place otherwise).
   */
  activeRole: SessionRole;
  showErrors: boolean;
};

export function RoleFields({ value, onChange, activeRole, showErrors }: RoleFieldsProps) {
  const { t } = useTranslation();
  const grantable = grantableRoleTypes(activeRole);
  const levels = levelsToPick(value.roleTypeId);
  const typeMissing = showErrors && value.roleTypeId === null;

  return (
    <Stack spacing={2}>
      <TextField
        select
        fullWidth
        label={t('users.fields.role')}
        required
        value={value.roleTypeId ?? ''}
        error={typeMissing}
        helperText={typeMissing ? t('users.roleRequired') : undefined}
        onChange={(event) => {
          const roleTypeId = grantable.find((id) => id === Number(event.target.value));
          // The places chosen so far stay: a company role's type may change without them.
          if (roleTypeId !== undefined) onChange({ ...value, roleTypeId });
        }}
        data-testid="role-type"
      >
        {roleTypes
          .filter((role) => grantable.includes(role.id))
          .map((role) => (
            <MenuItem key={role.id} value={role.id}>
              {role.name}
            </MenuItem>
          ))}
      </TextField>
      {levels.length > 0 && (
        <RolePlaceFields
          levels={levels}
          value={value}
          onChange={onChange}
          activeRole={activeRole}
          showErrors={showErrors}
        />
      )}
    </Stack>
  );
}
