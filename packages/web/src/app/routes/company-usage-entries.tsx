// The usage feature's dashboard tab inside the portfolio's company page: for system roles only
// (company roles have /dashboard).
import { isSystemRole } from '@flowsight/domain/roles';
import { Navigate, useOutletContext } from 'react-router';
import type { CompanyDetail } from '@/features/portfolio/api/get-records';
import { CompanyDashboard } from '@/features/usage/routes/company-dashboard';
import { useSignedInSession } from '@/lib/session';

export function CompanyDashboardEntry() {
  const company = useOutletContext<CompanyDetail>();
  const { activeRole } = useSignedInSession();
  if (!isSystemRole(activeRole.user_role_type_id)) return <Navigate to="../overview" replace />;
  return <CompanyDashboard companyId={company.id} />;
}
