// /companies/{c}/properties/{p} (spec section 2): opens on the buildings tab. Tabs: overview,
// buildings, alerts, micrometers, submissions, users (for the roles that may list users) and charts.

import { buildingPath, companyPath } from '@flowsight/domain/paths';
import DriveFileMoveRounded from '@mui/icons-material/DriveFileMoveRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState } from 'react';
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
import {
  AddressCard,
  CountsCard,
  DeleteRecordButton,
  OverviewCard,
  RefusalAlert,
} from '../components/record-overview';
import { mayDo } from '../utils/access';
import { useFormatters } from '../utils/format';
import { useLookupLabel } from '../utils/lookup-labels';
import { ChildrenTab, OverviewLayout, useRecord, useRecordIds } from './record-page-parts';

export function PropertyPage() {
  const { t } = useTranslation();
  const { companyId, propertyId } = useRecordIds();
  const { activeRole } = useSignedInSession();
  const property = useProperty(propertyId ?? 0);
  // A property shown under another company's address is not found there.
  const misplaced = property.data !== undefined && property.data.company_id !== companyId;
  return (
    <RecordLayout
      level="property"
      record={propertyId === null || misplaced ? null : property}
      backTo={companyId === null ? '/companies' : `${companyPath(companyId)}/properties`}
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
  const { activeRole } = useSignedInSession();
  const role = activeRole.user_role_type_id;
  const label = useLookupLabel();
  const format = useFormatters();
  const counts = usePropertyCounts(property.id);
  const [dialog, setDialog] = useState<'edit' | 'move' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  return (
    <OverviewLayout
      actions={
        <>
          {mayDo(role, 'editProperty') && (
            <Button
              variant="contained"
              startIcon={<EditRounded />}
              onClick={() => setDialog('edit')}
              data-testid="edit-record"
            >
              {t('portfolio.actions.edit')}
            </Button>
          )}
          {mayDo(role, 'moveProperty') && (
            <Button
              variant="outlined"
              startIcon={<DriveFileMoveRounded />}
              onClick={() => setDialog('move')}
              data-testid="move-record"
            >
              {t('portfolio.actions.move')}
            </Button>
          )}
          {mayDo(role, 'deleteProperty') && (
            <DeleteRecordButton
              level="property"
              id={property.id}
              name={property.name}
              afterPath={`${companyPath(property.company_id)}/properties`}
              onRefused={setRefusal}
            />
          )}
        </>
      }
      notice={
        <RefusalAlert name={property.name} message={refusal} onClose={() => setRefusal(null)} />
      }
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
      <CountsCard
        query={counts}
        items={[
          {
            label: t('portfolio.overview.buildings'),
            value: format.count(counts.data?.buildings ?? 0),
          },
          {
            label: t('portfolio.overview.units'),
            value: format.count(counts.data?.units ?? 0),
          },
        ]}
      />
      <AddressCard record={property} />
      {dialog === 'edit' && (
        <PropertyFormDialog property={property} onClose={() => setDialog(null)} />
      )}
      {dialog === 'move' && (
        <MoveDialog level="property" record={property} onClose={() => setDialog(null)} />
      )}
    </OverviewLayout>
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
