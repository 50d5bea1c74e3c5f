// The signed-in session's active role in the shape the domain's web-access rules read.
import type { SessionRole } from '@flowsight/domain/auth';
import type { ActiveRoleContext } from '@flowsight/domain/web-access';

export function activeRoleContext(role: SessionRole, roleCount: number): ActiveRoleContext {
  return {
    roleTypeId: role.user_role_type_id,
    companyId: role.company_id,
    companyTypeId: role.company_type_id,
    allowAssignment: role.allow_assignment,
    roleCount,
  };
}
