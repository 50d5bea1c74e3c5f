// The alerts tab of the company, property, building and unit pages (spec section 2): the place's
// alerts, every status unless filtered. The place comes from the address, so the tab needs
// nothing from the portfolio feature.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { usePlaceId } from '@/lib/place-route';
import { AlertList } from '../components/alert-list';

export type RecordAlertsTabProps = { level: PortfolioLevel };

export function RecordAlertsTab({ level }: RecordAlertsTabProps) {
  const id = usePlaceId(level);
  if (id === null) return null;
  return <AlertList key={`${level}-${id}`} source={{ level, id }} />;
}

export const CompanyAlertsTab = () => <RecordAlertsTab level="company" />;
export const PropertyAlertsTab = () => <RecordAlertsTab level="property" />;
export const BuildingAlertsTab = () => <RecordAlertsTab level="building" />;
export const UnitAlertsTab = () => <RecordAlertsTab level="unit" />;
