// /companies/{id}/micrometers: the micrometers feature's tab inside the portfolio's company page.
// A restricted company (type 3) keeps only its properties tab, so it is sent there instead.
import { CompanyType } from '@flowsight/domain/lookups';
import { Navigate, useOutletContext } from 'react-router';
import { CompanyMicrometersTab } from '@/features/micrometers/routes/record-micrometers-tab';
import type { CompanyDetail } from '@/features/portfolio/api/get-records';

export function CompanyMicrometersEntry() {
  const company = useOutletContext<CompanyDetail>();
  if (company.company_type_id === CompanyType.Restricted) {
    return <Navigate to="../properties" replace />;
  }
  return <CompanyMicrometersTab />;
}
