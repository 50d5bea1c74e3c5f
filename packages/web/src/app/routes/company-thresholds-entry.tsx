// /companies/{id}/thresholds: the thresholds feature's tab inside the portfolio's company page.
// A restricted company (type 3) keeps only its properties tab, so it is sent there instead.
import { CompanyType } from '@flowsight/domain/lookups';
import { Navigate, useOutletContext } from 'react-router';
import type { CompanyDetail } from '@/features/portfolio/api/get-records';
import { CompanyThresholdsTab } from '@/features/thresholds/routes/company-thresholds-tab';

export function CompanyThresholdsEntry() {
  const company = useOutletContext<CompanyDetail>();
  if (company.company_type_id === CompanyType.Restricted) {
    return <Navigate to="../properties" replace />;
  }
  return <CompanyThresholdsTab companyId={company.id} />;
}
