// /companies: the list for system roles; company roles are sent to their own company
// (spec section 2, route table).
import { isCompanyRole } from '@flowsight/domain/roles';
import { Navigate } from 'react-router';
import { useSignedInSession } from '@/features/auth/hooks/use-auth';
import { SectionPlaceholderPage } from './section-placeholder-page';

export function CompaniesEntry() {
  const { activeRole } = useSignedInSession();
  if (isCompanyRole(activeRole.user_role_type_id) && activeRole.company_id !== null) {
    return <Navigate to={`/companies/${activeRole.company_id}`} replace />;
  }
  return <SectionPlaceholderPage />;
}
