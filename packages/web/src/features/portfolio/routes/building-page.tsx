// /companies/{c}/properties/{p}/buildings/{b} (spec section 2): opens on the units tab; the title
// carries the survey chip, the subtitle the building's Flume meter when one is linked.
// Of the tabs (overview, units, alerts, micrometers, charts, submissions, and the survey of issue
// 20) those built so far show.

import { propertyPath, unitPath } from '@flowsight/domain/paths';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { useBuildingCounts } from '../api/get-record-counts';
import { type BuildingDetail, useBuilding } from '../api/get-records';
import { BuildingFormDialog } from '../components/building-form-dialog';
import { FlumeMeterLine } from '../components/flume-meter-line';
import { MoveDialog } from '../components/move-dialog';
import { UnitList } from '../components/portfolio-lists';
import { RecordLayout } from '../components/record-layout';
import { AddressCard, CountsCard, OverviewCard } from '../components/record-overview';
import { SurveyChip } from '../components/survey-chip';
import { UnitFormDialog } from '../components/unit-form-dialog';
import { useFormatters } from '../utils/format';
import { useLookupLabel } from '../utils/lookup-labels';
import { ChildrenTab, RecordOverview, useAddressedRecord, useRecord } from './record-page-parts';

export function BuildingPage() {
  const { t } = useTranslation();
  const { record, backTo } = useAddressedRecord('building', useBuilding);
  return (
    <RecordLayout
      level="building"
      record={record}
      backTo={backTo}
      title={(record) => record.name}
      subtitle={(record) => (
        <>
          {`${record.property_name} · ${record.company_name}`}
          <FlumeMeterLine buildingId={record.id} />
        </>
      )}
      chip={(record) => <SurveyChip status={record.survey_status} />}
      tabs={() => [
        { path: 'overview', label: t('portfolio.tabs.overview') },
        { path: 'units', label: t('portfolio.tabs.units') },
        { path: 'alerts', label: t('alerts.tab') },
        { path: 'micrometers', label: t('micrometers.tab.title') },
        { path: 'charts', label: t('usage.tabs.charts') },
        { path: 'submissions', label: t('submissions.tab.title') },
        { path: 'survey', label: t('survey.tab') },
      ]}
    />
  );
}

/** The building's default tab. */
export function BuildingIndex() {
  return <Navigate to="units" replace />;
}

export function BuildingOverviewTab() {
  const { t } = useTranslation();
  const building = useRecord<BuildingDetail>();
  const label = useLookupLabel();
  const format = useFormatters();
  const counts = useBuildingCounts(building.id);
  const notSet = t('portfolio.overview.notSet');

  return (
    <RecordOverview
      level="building"
      record={building}
      name={building.name}
      edit={(close) => <BuildingFormDialog building={building} onClose={close} />}
      move={(close) => <MoveDialog level="building" record={building} onClose={close} />}
    >
      <OverviewCard
        title={t('portfolio.overview.details')}
        data-testid="overview-details"
        items={[
          {
            label: t('portfolio.overview.property'),
            value: (
              <Link
                component={RouterLink}
                to={propertyPath(building.company_id, building.property_id)}
              >
                {building.property_name}
              </Link>
            ),
          },
          {
            label: t('portfolio.overview.type'),
            value: label('buildingTypes', building.building_type_id) || notSet,
          },
          {
            label: t('portfolio.overview.installationType'),
            value: label('installationTypes', building.installation_type_id) || notSet,
          },
          {
            label: t('portfolio.overview.floors'),
            value: building.floors === null ? notSet : format.count(building.floors),
          },
          {
            label: t('portfolio.overview.survey'),
            value: label('surveyStatuses', building.survey_status),
          },
          { label: t('portfolio.overview.created'), value: format.date(building.created_at) },
        ]}
      />
      <CountsCard query={counts} counts={['units', 'tenants']} />
      <AddressCard record={building} />
    </RecordOverview>
  );
}

export function BuildingUnitsTab() {
  const { t } = useTranslation();
  const record = useRecord<BuildingDetail>();
  return (
    <ChildrenTab
      create={{ action: 'createUnit', label: t('portfolio.actions.newUnit') }}
      list={(props) => <UnitList buildingId={record.id} {...props} />}
      form={(closed, opened) => (
        <UnitFormDialog
          unit={null}
          building={record}
          onClose={closed}
          onCreated={(unit) =>
            opened(unitPath(unit.company_id, unit.property_id, unit.building_id, unit.id))
          }
        />
      )}
    />
  );
}
