// /dashboard (company roles, not a restricted company: the shell's route rules keep others out):
// the usage feature's dashboard for the active role's company.
import { Navigate } from 'react-router';
import { useSignedInSession } from '@/features/auth/hooks/use-auth';
import { DashboardPage } from '@/features/usage/routes/company-dashboard';

export function DashboardEntry() {
  const { activeRole } = useSignedInSession();
  if (activeRole.company_id === null) return <Navigate to="/companies" replace />;
  return <DashboardPage companyId={activeRole.company_id} companyName={activeRole.company_name} />;
}
