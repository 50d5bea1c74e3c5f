// Another feature's tab inside the portfolio's company page (features do not import each other):
// the tab gets the company's id from the page's outlet context.
import type { ComponentType } from 'react';
import { useOutletContext } from 'react-router';
import type { CompanyDetail } from '@/features/portfolio/api/get-records';

export type CompanyTabProps = { companyId: number };

/** `Tab` as a route component of the company page. */
export function companyTab(Tab: ComponentType<CompanyTabProps>): ComponentType {
  function CompanyTab() {
    const company = useOutletContext<CompanyDetail>();
    return <Tab companyId={company.id} />;
  }
  return CompanyTab;
}
