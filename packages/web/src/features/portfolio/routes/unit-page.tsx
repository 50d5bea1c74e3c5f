// /companies/{c}/properties/{p}/buildings/{b}/units/{u} (spec section 2). The specification opens
// it on micrometers (tabs alerts, micrometers, submissions, charts, overview); of those, the ones
// built so far show: alerts, micrometers, submissions and overview.

import { buildingPath } from '@flowsight/domain/paths';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { useUnitTitle } from '@/lib/unit-title';
import { type UnitDetail, useUnit } from '../api/get-records';
import { RecordLayout } from '../components/record-layout';
import { OverviewCard } from '../components/record-overview';
import { UnitFormDialog } from '../components/unit-form-dialog';
import { UnitTenants } from '../components/unit-tenants';
import { useFormatters } from '../utils/format';
import { useLookupLabel } from '../utils/lookup-labels';
import { RecordOverview, useAddressedRecord, useRecord } from './record-page-parts';

export function UnitPage() {
  const { t } = useTranslation();
  const unitTitle = useUnitTitle();
  const { record, backTo } = useAddressedRecord('unit', useUnit);
  return (
    <RecordLayout
      level="unit"
      record={record}
      backTo={backTo}
      title={(record) => unitTitle(record.name)}
      subtitle={(record) =>
        `${record.building_name} · ${record.property_name} · ${record.company_name}`
      }
      tabs={() => [
        { path: 'alerts', label: t('alerts.tab') },
        { path: 'micrometers', label: t('micrometers.tab.title') },
        { path: 'submissions', label: t('submissions.tab.title') },
        { path: 'charts', label: t('usage.tabs.charts') },
        { path: 'overview', label: t('portfolio.tabs.overview') },
      ]}
    />
  );
}

/** The unit opens on its micrometers (spec section 2). */
export function UnitIndex() {
  return <Navigate to="micrometers" replace />;
}

export function UnitOverviewTab() {
  const { t } = useTranslation();
  const unitTitle = useUnitTitle();
  const unit = useRecord<UnitDetail>();
  const label = useLookupLabel();
  const format = useFormatters();
  const notSet = t('portfolio.overview.notSet');

  return (
    <RecordOverview
      level="unit"
      record={unit}
      name={unitTitle(unit.name)}
      edit={(close) => <UnitFormDialog unit={unit} onClose={close} />}
    >
      <OverviewCard
        title={t('portfolio.overview.details')}
        data-testid="overview-details"
        items={[
          {
            label: t('portfolio.overview.building'),
            value: (
              <Link
                component={RouterLink}
                to={buildingPath(unit.company_id, unit.property_id, unit.building_id)}
              >
                {unit.building_name}
              </Link>
            ),
          },
          {
            label: t('portfolio.overview.category'),
            value: label('unitCategories', unit.unit_category_id),
          },
          {
            label: t('portfolio.overview.type'),
            value: label('unitTypes', unit.unit_type_id) || notSet,
          },
          {
            label: t('portfolio.overview.state'),
            value: label('unitStates', unit.unit_state_id) || notSet,
          },
          {
            label: t('portfolio.overview.floor'),
            value: unit.floor === null ? notSet : format.count(unit.floor),
          },
          { label: t('portfolio.overview.created'), value: format.date(unit.created_at) },
        ]}
      />
      <OverviewCard
        title={t('portfolio.overview.counts')}
        data-testid="overview-counts"
        items={[
          { label: t('portfolio.overview.tenants'), value: <UnitTenants unit={unit} /> },
          { label: t('portfolio.overview.micrometers'), value: format.count(unit.sensors_count) },
        ]}
      />
    </RecordOverview>
  );
}
