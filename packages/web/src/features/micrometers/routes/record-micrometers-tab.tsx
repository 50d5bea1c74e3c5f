// The micrometers tab of the company, property, building and unit pages (spec section 2): the
// place's micrometers with state, status and fixture filters, each opening its detail dialog
// (`?mac=` opens one directly). On a building, system roles also get the bulk state and status
// actions. The place comes from the address, so the tab needs nothing from the portfolio feature.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { isSystemRole } from '@flowsight/domain/roles';
import { useTranslation } from 'react-i18next';
import { usePlaceId } from '@/lib/place-route';
import { useSignedInSession } from '@/lib/session';
import { BuildingBulkActions } from '../components/building-bulk-actions';
import { healthColumns, type MicrometerColumn } from '../components/micrometer-columns';
import { MicrometerTable } from '../components/micrometer-table';
import type { MicrometerFilter } from '../utils/list-params';

/** A company's and a property's micrometers span buildings, so they show the building. */
const acrossBuildings: readonly MicrometerColumn[] = [
  'mac',
  'fixture',
  'unit',
  'building',
  'state',
  'status',
  'battery',
  'keepalive',
  'submission',
];
const columnsOf: Record<PortfolioLevel, readonly MicrometerColumn[]> = {
  company: acrossBuildings,
  property: acrossBuildings,
  building: ['mac', 'fixture', 'unit', ...healthColumns],
  unit: ['mac', 'fixture', ...healthColumns],
};
/** The filters of a company's, property's and building's tab; a unit's offers state and status. */
const placeFilters: readonly MicrometerFilter[] = ['state', 'status', 'fixture', 'category'];
const filtersOf: Record<PortfolioLevel, readonly MicrometerFilter[]> = {
  company: placeFilters,
  property: placeFilters,
  building: placeFilters,
  unit: ['state', 'status'],
};

export type RecordMicrometersTabProps = { level: PortfolioLevel };

export function RecordMicrometersTab({ level }: RecordMicrometersTabProps) {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const id = usePlaceId(level);
  if (id === null) return null;
  return (
    <MicrometerTable
      key={`${level}-${id}`}
      source={{ level, id }}
      label={t('micrometers.tab.label')}
      emptyText={t('micrometers.tab.empty')}
      columns={columnsOf[level]}
      filters={filtersOf[level]}
      toolbar={
        level === 'building' && isSystemRole(activeRole.user_role_type_id) ? (
          <BuildingBulkActions buildingId={id} />
        ) : undefined
      }
    />
  );
}

export const CompanyMicrometersTab = () => <RecordMicrometersTab level="company" />;
export const PropertyMicrometersTab = () => <RecordMicrometersTab level="property" />;
export const BuildingMicrometersTab = () => <RecordMicrometersTab level="building" />;
export const UnitMicrometersTab = () => <RecordMicrometersTab level="unit" />;
