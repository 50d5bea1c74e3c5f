// The alerts tab of the company, property, building and unit pages (spec section 2): the place's
// alerts, every status unless filtered. The place comes from the address, so the tab needs
// nothing from the portfolio feature.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { useParams } from 'react-router';
import { AlertList } from '../components/alert-list';

const idParam = {
  company: 'companyId',
  property: 'propertyId',
  building: 'buildingId',
  unit: 'unitId',
} as const satisfies Record<PortfolioLevel, string>;

export type RecordAlertsTabProps = { level: PortfolioLevel };

export function RecordAlertsTab({ level }: RecordAlertsTabProps) {
  const id = Number(useParams()[idParam[level]]);
  if (!Number.isInteger(id) || id <= 0) return null;
  return <AlertList key={`${level}-${id}`} source={{ level, id }} />;
}

export const CompanyAlertsTab = () => <RecordAlertsTab level="company" />;
export const PropertyAlertsTab = () => <RecordAlertsTab level="property" />;
export const BuildingAlertsTab = () => <RecordAlertsTab level="building" />;
export const UnitAlertsTab = () => <RecordAlertsTab level="unit" />;
