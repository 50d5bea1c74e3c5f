// The list kit's company filter: the one-choice select over every company the caller may see. In
// a file of its own so that only the lists offering it load the company names.

import { useCompanyNames } from '@/lib/place-names';
import { FilterSelect, type FilterSelectProps } from './filter-fields';

export type CompanyFilterSelectProps = Pick<
  FilterSelectProps<number>,
  'label' | 'value' | 'onChange' | 'allLabel' | 'size' | 'className'
>;

/** The company filter: every company the caller may see, a company it cannot name as `#id`. */
export function CompanyFilterSelect(props: CompanyFilterSelectProps) {
  const companies = useCompanyNames();
  return (
    <FilterSelect
      {...props}
      options={(companies.data ?? []).map((company) => ({ id: company.id, label: company.name }))}
      unknownLabel={(companyId) => `#${companyId}`}
      testId="filter-company"
    />
  );
}
