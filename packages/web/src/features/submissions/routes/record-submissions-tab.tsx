// The submissions tab of the company, property, building and unit pages (spec section 2): the
// place's totals for the shown dates, then its readings with kind, MAC and fixture filters. The
// place comes from the address, so the tab needs nothing from the portfolio feature.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { useTranslation } from 'react-i18next';
import { usePlaceId } from '@/lib/place-route';
import { SubmissionTotals } from '../components/submission-totals';
import { SubmissionsTable } from '../components/submissions-table';

export type RecordSubmissionsTabProps = { level: PortfolioLevel };

export function RecordSubmissionsTab({ level }: RecordSubmissionsTabProps) {
  const { t } = useTranslation();
  const id = usePlaceId(level);
  if (id === null) return null;
  return (
    <SubmissionsTable
      key={`${level}-${id}`}
      source={{ level, id }}
      label={t('submissions.tab.label')}
      emptyText={t('submissions.tab.empty')}
      kindFilter
      fixtures
      place={level !== 'unit'}
      summary={(params) => <SubmissionTotals level={level} id={id} params={params} />}
    />
  );
}

export const CompanySubmissionsTab = () => <RecordSubmissionsTab level="company" />;
export const PropertySubmissionsTab = () => <RecordSubmissionsTab level="property" />;
export const BuildingSubmissionsTab = () => <RecordSubmissionsTab level="building" />;
export const UnitSubmissionsTab = () => <RecordSubmissionsTab level="unit" />;
