// /companies/{c}/properties/{p}/buildings/{b} (spec section 2): opens on the units tab; the title
// carries the survey chip, the subtitle the building's Flume meter when one is linked.
// Of the tabs (overview, units, alerts, micrometers, charts, submissions, and the survey of issue
// 20) those built so far show.

import { propertyPath, unitPath } from '@flowsight/domain/paths';
import DriveFileMoveRounded from '@mui/icons-material/DriveFileMoveRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { useSignedInSession } from '@/lib/session';
import { useBuildingCounts } from '../api/get-record-counts';
import { type BuildingDetail, useBuilding } from '../api/get-records';
import { BuildingFormDialog } from '../components/building-form-dialog';
import { FlumeMeterLine } from '../components/flume-meter-line';
import { MoveDialog } from '../components/move-dialog';
import { UnitList } from '../components/portfolio-lists';
import { RecordLayout } from '../components/record-layout';
import {
  AddressCard,
  CountsCard,
  DeleteRecordButton,
  OverviewCard,
  RefusalAlert,
} from '../components/record-overview';
import { SurveyChip } from '../components/survey-chip';
import { UnitFormDialog } from '../components/unit-form-dialog';
import { mayDo } from '../utils/access';
import { useFormatters } from '../utils/format';
import { useLookupLabel } from '../utils/lookup-labels';
import { ChildrenTab, OverviewLayout, useRecord, useRecordIds } from './record-page-parts';

export function BuildingPage() {
  const { t } = useTranslation();
  const { companyId, propertyId, buildingId } = useRecordIds();
  const building = useBuilding(buildingId ?? 0);
  const misplaced =
    building.data !== undefined &&
    (building.data.company_id !== companyId || building.data.property_id !== propertyId);
  return (
    <RecordLayout
      level="building"
      record={buildingId === null || misplaced ? null : building}
      backTo={
        companyId === null || propertyId === null
          ? '/companies'
          : `${propertyPath(companyId, propertyId)}/buildings`
      }
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
  const { activeRole } = useSignedInSession();
  const role = activeRole.user_role_type_id;
  const label = useLookupLabel();
  const format = useFormatters();
  const counts = useBuildingCounts(building.id);
  const [dialog, setDialog] = useState<'edit' | 'move' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const notSet = t('portfolio.overview.notSet');

  return (
    <OverviewLayout
      actions={
        <>
          {mayDo(role, 'editBuilding') && (
            <Button
              variant="contained"
              startIcon={<EditRounded />}
              onClick={() => setDialog('edit')}
              data-testid="edit-record"
            >
              {t('portfolio.actions.edit')}
            </Button>
          )}
          {mayDo(role, 'moveBuilding') && (
            <Button
              variant="outlined"
              startIcon={<DriveFileMoveRounded />}
              onClick={() => setDialog('move')}
              data-testid="move-record"
            >
              {t('portfolio.actions.move')}
            </Button>
          )}
          {mayDo(role, 'deleteBuilding') && (
            <DeleteRecordButton
              level="building"
              id={building.id}
              name={building.name}
              afterPath={`${propertyPath(building.company_id, building.property_id)}/buildings`}
              onRefused={setRefusal}
            />
          )}
        </>
      }
      notice={
        <RefusalAlert name={building.name} message={refusal} onClose={() => setRefusal(null)} />
      }
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
      <CountsCard
        query={counts}
        items={[
          {
            label: t('portfolio.overview.units'),
            value: format.count(counts.data?.units ?? 0),
          },
          {
            label: t('portfolio.overview.tenants'),
            value: format.count(counts.data?.tenants ?? 0),
          },
        ]}
      />
      <AddressCard record={building} />
      {dialog === 'edit' && (
        <BuildingFormDialog building={building} onClose={() => setDialog(null)} />
      )}
      {dialog === 'move' && (
        <MoveDialog level="building" record={building} onClose={() => setDialog(null)} />
      )}
    </OverviewLayout>
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
