// /companies/{id}/thresholds: the thresholds feature's tab inside the portfolio's company page.
// (The company page keeps a restricted company, type 3, to the tabs of its allow-list.)
import { useOutletContext } from 'react-router';
import type { CompanyDetail } from '@/features/portfolio/api/get-records';
import { CompanyThresholdsTab } from '@/features/thresholds/routes/company-thresholds-tab';

export function CompanyThresholdsEntry() {
  const company = useOutletContext<CompanyDetail>();
  return <CompanyThresholdsTab companyId={company.id} />;
}
