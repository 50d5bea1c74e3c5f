// The reports page's state: the choices kept in the address (report, place, granularity, range),
// the place names and the report the choices ask for, and what the page says about them (the
// report's name, the place and range lines, what is still missing, the CSV's address).
import { isSystemRole } from '@flowsight/domain/roles';
import { useTranslation } from 'react-i18next';
import { useAddressSearch } from '@/lib/address-search';
import { rangeProblem } from '@/lib/local-date-range';
import { usePlaceNames } from '@/lib/place-names';
import { useSignedInSession } from '@/lib/session';
import { gallonsReportCsvPath, useGallonsReport } from '../api/get-gallons-report';
import { reportOverviewCsvPath, useReportOverview } from '../api/get-report-overview';
import { useReportFormat } from './report-format';
import {
  GALLONS_REPORT,
  gallonsPlaceOf,
  type ReportParams,
  reportParamsFrom,
  reportSearchFrom,
} from './report-params';

export function useReportsState() {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const format = useReportFormat();
  const [searchParams, setSearchParams] = useAddressSearch();
  const ownCompanyId = isSystemRole(activeRole.user_role_type_id) ? null : activeRole.company_id;
  const companies = usePlaceNames('company', null, ownCompanyId === null);
  // A system role opens on the first company it may read until it picks another.
  const params = reportParamsFrom(
    searchParams,
    ownCompanyId,
    undefined,
    companies.data?.[0]?.id ?? null,
  );
  const gallons = params.report === GALLONS_REPORT;
  const problem = rangeProblem(params.range);
  const range = problem === null ? params.range : null;
  const place = gallons ? gallonsPlaceOf(params) : null;

  const properties = usePlaceNames('property', gallons ? params.companyId : null);
  const buildings = usePlaceNames('building', gallons ? params.propertyId : null);
  const overview = useReportOverview(
    gallons ? null : params.companyId,
    typeof params.report === 'number' ? params.report : null,
    range,
  );
  const gallonsReport = useGallonsReport(place, range, params.granularity);
  const active = gallons ? gallonsReport : overview;

  const change = (next: Partial<ReportParams>) =>
    setSearchParams(reportSearchFrom({ ...params, ...next }, ownCompanyId), { replace: true });

  const companyName =
    ownCompanyId === null
      ? companies.data?.find((company) => company.id === params.companyId)?.name
      : (activeRole.company_name ?? undefined);
  const propertyName = properties.data?.find((p) => p.id === params.propertyId)?.name;
  const buildingName = buildings.data?.find((b) => b.id === params.buildingId)?.name;
  const reportName =
    params.report === null
      ? ''
      : params.report === GALLONS_REPORT
        ? t('reports.gallons.heading')
        : format.reportName(params.report);

  /** What is still missing before a preview can load, in the order the form asks for it. */
  const missing =
    params.report === null
      ? t('reports.prompt.report')
      : params.companyId === null
        ? t('reports.prompt.company')
        : gallons && params.propertyId === null
          ? t('reports.prompt.property')
          : problem !== null
            ? t('reports.prompt.range')
            : null;

  const csvPath = (() => {
    if (range === null || params.report === null) return null;
    if (params.report === GALLONS_REPORT)
      return place === null ? null : gallonsReportCsvPath(place, range, params.granularity);
    return params.companyId === null
      ? null
      : reportOverviewCsvPath(params.companyId, params.report, range);
  })();

  const placeLine = [
    companyName,
    gallons ? propertyName : undefined,
    gallons ? buildingName : undefined,
  ]
    .filter((name): name is string => name !== undefined && name !== '')
    .join(' › ');
  const rangeLine = t('reports.preview.range', {
    from: format.localDate(params.range.from),
    to: format.localDate(params.range.to),
  });

  return {
    params,
    ownCompanyId,
    gallons,
    problem,
    companies,
    properties,
    buildings,
    overview,
    gallonsReport,
    active,
    change,
    reportName,
    missing,
    csvPath,
    placeLine,
    rangeLine,
  };
}

export type ReportsState = ReturnType<typeof useReportsState>;
