// The usage feature's tabs inside the portfolio's company page. The dashboard tab is for system
// roles only (company roles have /dashboard); a restricted company (type 3) keeps only its
// properties tab, so both send it there.
import { CompanyType } from '@flowsight/domain/lookups';
import { isSystemRole } from '@flowsight/domain/roles';
import { Navigate, useOutletContext } from 'react-router';
import { useSignedInSession } from '@/features/auth/hooks/use-auth';
import type { CompanyDetail } from '@/features/portfolio/api/get-records';
import { CompanyChartsTab } from '@/features/usage/routes/charts-tabs';
import { CompanyDashboard } from '@/features/usage/routes/company-dashboard';

export function CompanyDashboardEntry() {
  const company = useOutletContext<CompanyDetail>();
  const { activeRole } = useSignedInSession();
  if (company.company_type_id === CompanyType.Restricted) {
    return <Navigate to="../properties" replace />;
  }
  if (!isSystemRole(activeRole.user_role_type_id)) return <Navigate to="../overview" replace />;
  return <CompanyDashboard companyId={company.id} />;
}

export function CompanyChartsEntry() {
  const company = useOutletContext<CompanyDetail>();
  if (company.company_type_id === CompanyType.Restricted) {
    return <Navigate to="../properties" replace />;
  }
  return <CompanyChartsTab />;
}
