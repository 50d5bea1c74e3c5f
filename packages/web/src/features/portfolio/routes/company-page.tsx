// /companies/{id} (spec section 2): opens on the properties tab. Of the specification's tabs
// (dashboard, overview, properties, alerts, micrometers, submissions, thresholds, charts), the
// dashboard shows for system roles only (company roles have /dashboard). A restricted company
// (type 3) keeps only the tabs of the domain's allow-list (properties), whoever looks at it. A
// role narrowed to a property or building (site staff) sees neither the company's own settings
// (its thresholds, its billing properties, its edit button) nor counts unlabelled: they are the
// totals of its place.
import { CompanyType } from '@flowsight/domain/lookups';
import { propertyPath } from '@flowsight/domain/paths';
import { isSystemRole } from '@flowsight/domain/roles';
import {
  holdsLevel,
  narrowedPlaceName,
  roleReach,
  showsRecordTab,
} from '@flowsight/domain/web-access';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSignedInSession } from '@/lib/session';
import { useCompanyCounts } from '../api/get-record-counts';
import { type CompanyDetail, useCompany } from '../api/get-records';
import { BillingProperties } from '../components/billing-properties';
import { CompanyFormDialog } from '../components/company-form-dialog';
import { PropertyList } from '../components/portfolio-lists';
import { PropertyFormDialog } from '../components/property-form-dialog';
import { RecordLayout } from '../components/record-layout';
import { AddressCard, CountsCard, OverviewCard } from '../components/record-overview';
import { mayDo } from '../utils/access';
import { useFormatters } from '../utils/format';
import { useLookupLabel } from '../utils/lookup-labels';
import { ChildrenTab, RecordOverview, useAddressedRecord, useRecord } from './record-page-parts';

export function CompanyPage() {
  const { t } = useTranslation();
  const { record, backTo } = useAddressedRecord('company', useCompany);
  const { activeRole } = useSignedInSession();
  const placeName = narrowedPlaceName(activeRole);
  return (
    <RecordLayout
      level="company"
      record={record}
      backTo={backTo}
      title={(record) => record.name}
      // Site staff read every tab of their company as the part they hold.
      {...(placeName !== null && { subtitle: () => t('common.totalsOf', { place: placeName }) })}
      restricted={(record) => record.company_type_id === CompanyType.Restricted}
      tabs={() =>
        [
          ...(isSystemRole(activeRole.user_role_type_id)
            ? [{ path: 'dashboard', label: t('usage.tabs.dashboard') }]
            : []),
          { path: 'overview', label: t('portfolio.tabs.overview') },
          { path: 'properties', label: t('portfolio.tabs.properties') },
          { path: 'alerts', label: t('alerts.tab') },
          { path: 'micrometers', label: t('micrometers.tab.title') },
          { path: 'submissions', label: t('submissions.tab.title') },
          { path: 'thresholds', label: t('thresholds.tab') },
          { path: 'charts', label: t('usage.tabs.charts') },
        ].filter((tab) => showsRecordTab(roleReach(activeRole), 'company', tab.path))
      }
    />
  );
}

/** The company's default tab. */
export function CompanyIndex() {
  return <Navigate to="properties" replace />;
}

export function CompanyOverviewTab() {
  const { t } = useTranslation();
  const company = useRecord<CompanyDetail>();
  const { activeRole } = useSignedInSession();
  const label = useLookupLabel();
  const format = useFormatters();
  const counts = useCompanyCounts(company.id);
  const dash = (text: string | null) =>
    text === null || text === '' ? t('portfolio.overview.notSet') : text;

  return (
    <RecordOverview
      level="company"
      record={company}
      name={company.name}
      edit={(close) => (
        <CompanyFormDialog
          company={company}
          staffFields={mayDo(activeRole, 'editCompanyTypeAndAssignment')}
          onClose={close}
        />
      )}
    >
      <OverviewCard
        title={t('portfolio.overview.details')}
        data-testid="overview-details"
        items={[
          {
            label: t('portfolio.overview.type'),
            value: label('companyTypes', company.company_type_id),
          },
          {
            label: t('portfolio.overview.allowAssignment'),
            value: company.allow_assignment
              ? t('portfolio.overview.yes')
              : t('portfolio.overview.no'),
          },
          { label: t('portfolio.overview.phone'), value: dash(company.phone) },
          { label: t('portfolio.overview.email'), value: dash(company.email) },
          { label: t('portfolio.overview.created'), value: format.date(company.created_at) },
        ]}
      />
      <CountsCard
        query={counts}
        counts={['properties', 'buildings', 'units', 'residentialUnits']}
      />
      <AddressCard record={company} />
      {holdsLevel(roleReach(activeRole), 'company') && <BillingProperties company={company} />}
    </RecordOverview>
  );
}

export function CompanyPropertiesTab() {
  const { t } = useTranslation();
  const record = useRecord<CompanyDetail>();
  return (
    <ChildrenTab
      create={{ action: 'createProperty', label: t('portfolio.actions.newProperty') }}
      list={(props) => <PropertyList companyId={record.id} {...props} />}
      form={(closed, opened) => (
        <PropertyFormDialog
          property={null}
          company={record}
          onClose={closed}
          onCreated={(property) => opened(propertyPath(property.company_id, property.id))}
        />
      )}
    />
  );
}
