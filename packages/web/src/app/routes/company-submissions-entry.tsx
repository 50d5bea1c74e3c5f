// /companies/{id}/submissions: the submissions feature's tab inside the portfolio's company page.
// A restricted company (type 3) keeps only its properties tab, so it is sent there instead.
import { CompanyType } from '@flowsight/domain/lookups';
import { Navigate, useOutletContext } from 'react-router';
import type { CompanyDetail } from '@/features/portfolio/api/get-records';
import { CompanySubmissionsTab } from '@/features/submissions/routes/record-submissions-tab';

export function CompanySubmissionsEntry() {
  const company = useOutletContext<CompanyDetail>();
  if (company.company_type_id === CompanyType.Restricted) {
    return <Navigate to="../properties" replace />;
  }
  return <CompanySubmissionsTab />;
}
