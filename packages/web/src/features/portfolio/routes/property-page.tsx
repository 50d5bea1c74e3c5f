// /companies/{c}/properties/{p} (spec section 2): opens on the buildings tab. Tabs: overview,
// buildings, alerts, micrometers, submissions, users (for the roles that may list users) and charts.

import { buildingPath, companyPath } from '@flowsight/domain/paths';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { mayCallRoute } from '@/lib/permissions';
import { useSignedInSession } from '@/lib/session';
import { usePropertyCounts } from '../api/get-record-counts';
import { type PropertyDetail, useProperty } from '../api/get-records';
import { BuildingFormDialog } from '../components/building-form-dialog';
import { MoveDialog } from '../components/move-dialog';
import { BuildingList } from '../components/portfolio-lists';
import { PropertyFormDialog } from '../components/property-form-dialog';
import { RecordLayout } from '../components/record-layout';
import { AddressCard, CountsCard, OverviewCard } from '../components/record-overview';
import { useFormatters } from '../utils/format';
import { useLookupLabel } from '../utils/lookup-labels';
import { ChildrenTab, RecordOverview, useAddressedRecord, useRecord } from './record-page-parts';

export function PropertyPage() {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const { record, backTo } = useAddressedRecord('property', useProperty);
  return (
    <RecordLayout
      level="property"
      record={record}
      backTo={backTo}
      title={(record) => record.name}
      subtitle={(record) => record.company_name}
      tabs={() => [
        { path: 'overview', label: t('portfolio.tabs.overview') },
        { path: 'buildings', label: t('portfolio.tabs.buildings') },
        { path: 'alerts', label: t('alerts.tab') },
        { path: 'micrometers', label: t('micrometers.tab.title') },
        { path: 'submissions', label: t('submissions.tab.title') },
        ...(mayCallRoute('GET /properties/:id/users', activeRole.user_role_type_id)
          ? [{ path: 'users', label: t('users.title') }]
          : []),
        { path: 'charts', label: t('usage.tabs.charts') },
      ]}
    />
  );
}

/** The property's default tab. */
export function PropertyIndex() {
  return <Navigate to="buildings" replace />;
}

export function PropertyOverviewTab() {
  const { t } = useTranslation();
  const property = useRecord<PropertyDetail>();
  const label = useLookupLabel();
  const format = useFormatters();
  const counts = usePropertyCounts(property.id);

  return (
    <RecordOverview
      level="property"
      record={property}
      name={property.name}
      edit={(close) => <PropertyFormDialog property={property} onClose={close} />}
      move={(close) => <MoveDialog level="property" record={property} onClose={close} />}
    >
      <OverviewCard
        title={t('portfolio.overview.details')}
        data-testid="overview-details"
        items={[
          {
            label: t('portfolio.overview.company'),
            value: (
              <Link component={RouterLink} to={companyPath(property.company_id)}>
                {property.company_name}
              </Link>
            ),
          },
          {
            label: t('portfolio.overview.type'),
            value:
              label('propertyTypes', property.property_type_id) || t('portfolio.overview.notSet'),
          },
          { label: t('portfolio.overview.timezone'), value: property.timezone_name },
          {
            label: t('portfolio.overview.waterPrice'),
            value: t('portfolio.overview.waterPriceValue', {
              price: format.price(property.water_price_per_kgal),
            }),
          },
          { label: t('portfolio.overview.created'), value: format.date(property.created_at) },
        ]}
      />
      <CountsCard query={counts} counts={['buildings', 'units']} />
      <AddressCard record={property} />
    </RecordOverview>
  );
}

export function PropertyBuildingsTab() {
  const { t } = useTranslation();
  const record = useRecord<PropertyDetail>();
  return (
    <ChildrenTab
      create={{ action: 'createBuilding', label: t('portfolio.actions.newBuilding') }}
      list={(props) => <BuildingList propertyId={record.id} {...props} />}
      form={(closed, opened) => (
        <BuildingFormDialog
          building={null}
          property={record}
          onClose={closed}
          onCreated={(building) =>
            opened(buildingPath(building.company_id, building.property_id, building.id))
          }
        />
      )}
    />
  );
}
