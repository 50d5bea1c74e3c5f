import type { SessionRole } from '@flowsight/domain/auth';
import { type RoleTypeId, roleTypes } from '@flowsight/domain/lookups';
import { roleLevel } from '@flowsight/domain/roles';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  fixedCompanyId as fixedCompanyOf,
  grantableRoleTypes,
  type RoleGrant,
  roleGrant,
} from '../utils/role-placement';

/** A role being chosen: no type yet (null) until one is picked. */
export type RoleDraft = { roleTypeId: RoleTypeId | null; placeId: string };

export type RoleFieldsProps = {
  value: RoleDraft;
  onChange: (next: RoleDraft) => void;
  /**
   * The caller's role: it decides the types offered and, for company admins, the company every
   * grant goes to (system staff type one).
   */
  activeRole: SessionRole;
  showErrors: boolean;
};

const placeLabelKey = {
  company: 'users.fields.companyId',
  property: 'users.fields.propertyId',
  building: 'users.fields.buildingId',
  unit: 'users.fields.unitId',
} as const;

function parsedPlaceId(text: string): number | null {
  const number = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(number) && number > 0 ? number : null;
}

/** Whether the draft names the place its role type needs (typed or fixed). */
export function roleDraftComplete(draft: RoleDraft, fixedCompanyId: number | null): boolean {
  if (draft.roleTypeId === null) return false;
  const level = roleLevel(draft.roleTypeId);
  if (level === undefined) return true;
  if (level === 'company' && fixedCompanyId !== null) return true;
  return parsedPlaceId(draft.placeId) !== null;
}

/** The grant of a complete draft (`roleDraftComplete`). */
export function grantOf(draft: RoleDraft, fixedCompanyId: number | null): RoleGrant {
  if (draft.roleTypeId === null) throw new Error('grantOf needs a chosen role type');
  return roleGrant(draft.roleTypeId, parsedPlaceId(draft.placeId), fixedCompanyId);
}

/** One role to grant: its type and, when the type needs one, the id of its place. */
export function RoleFields({ value, onChange, activeRole, showErrors }: RoleFieldsProps) {
  const { t } = useTranslation();
  const grantable = grantableRoleTypes(activeRole);
  const fixedCompanyId = fixedCompanyOf(activeRole);
  const level = value.roleTypeId === null ? undefined : roleLevel(value.roleTypeId);
  const typeMissing = showErrors && value.roleTypeId === null;
  const needsPlace = level !== undefined && !(level === 'company' && fixedCompanyId !== null);
  const placeInvalid = needsPlace && parsedPlaceId(value.placeId) === null;

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
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
          if (roleTypeId !== undefined) onChange({ roleTypeId, placeId: '' });
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
      {needsPlace && (
        <TextField
          fullWidth
          required
          label={t(placeLabelKey[level])}
          value={value.placeId}
          onChange={(event) => onChange({ ...value, placeId: event.target.value })}
          error={showErrors && placeInvalid}
          helperText={showErrors && placeInvalid ? t('users.idInvalid') : undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
    </Stack>
  );
}
