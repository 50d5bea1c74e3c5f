// The micrometers tab of the company, property, building and unit pages (spec section 2): the
// place's micrometers with state, status and fixture filters, each opening its detail dialog
// (`?mac=` opens one directly). On a building, system roles also get the bulk state and status
// actions. The place comes from the address, so the tab needs nothing from the portfolio feature.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { isSystemRole } from '@flowsight/domain/roles';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSignedInSession } from '@/lib/session';
import { BuildingBulkActions } from '../components/building-bulk-actions';
import type { MicrometerColumn } from '../components/micrometer-columns';
import { MicrometerTable } from '../components/micrometer-table';
import type { MicrometerFilter } from '../utils/list-params';

const idParam = {
  company: 'companyId',
  property: 'propertyId',
  building: 'buildingId',
  unit: 'unitId',
} as const satisfies Record<PortfolioLevel, string>;

const columnsOf: Record<PortfolioLevel, readonly MicrometerColumn[]> = {
  company: [
    'mac',
    'fixture',
    'unit',
    'building',
    'state',
    'status',
    'battery',
    'keepalive',
    'submission',
  ],
  property: [
    'mac',
    'fixture',
    'unit',
    'building',
    'state',
    'status',
    'battery',
    'keepalive',
    'submission',
  ],
  building: [
    'mac',
    'fixture',
    'unit',
    'state',
    'status',
    'battery',
    'uplinkLoss',
    'keepalive',
    'submission',
  ],
  unit: ['mac', 'fixture', 'state', 'status', 'battery', 'uplinkLoss', 'keepalive', 'submission'],
};
const filtersOf: Record<PortfolioLevel, readonly MicrometerFilter[]> = {
  company: ['state', 'status', 'fixture', 'category'],
  property: ['state', 'status', 'fixture', 'category'],
  building: ['state', 'status', 'fixture', 'category'],
  unit: ['state', 'status'],
};

export type RecordMicrometersTabProps = { level: PortfolioLevel };

export function RecordMicrometersTab({ level }: RecordMicrometersTabProps) {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const raw = useParams()[idParam[level]];
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) return null;
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
