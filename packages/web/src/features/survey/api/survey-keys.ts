// Query keys of the survey feature, by building: the survey, its installers, shipments, shipping
// contact and unit photos. A transition or an answer answers with the whole survey, which replaces
// the cached one; the other writes invalidate their own key.
import type { BuildingSurvey } from '@flowsight/domain/survey';
import type { QueryClient } from '@tanstack/react-query';

export const surveyQueryKey = ['survey'] as const;

export const surveyKeys = {
  survey: (buildingId: number) => [...surveyQueryKey, buildingId, 'survey'] as const,
  installers: (buildingId: number) => [...surveyQueryKey, buildingId, 'installers'] as const,
  companyInstallers: (companyId: number) =>
    [...surveyQueryKey, 'company-installers', companyId] as const,
  shipments: (buildingId: number) => [...surveyQueryKey, buildingId, 'shipments'] as const,
  shippingContact: (buildingId: number) =>
    [...surveyQueryKey, buildingId, 'shipping-contact'] as const,
  photos: (buildingId: number, unitId: number) =>
    [...surveyQueryKey, buildingId, 'photos', unitId] as const,
  photo: (uploadId: number) => [...surveyQueryKey, 'photo', uploadId] as const,
  propertyShippingDate: (propertyId: number) =>
    [...surveyQueryKey, 'property-shipping-date', propertyId] as const,
};

/**
 * The portfolio's queries (`features/portfolio/api/portfolio-keys.ts`): its building records and
 * lists carry `survey_status`, which the building's title chip shows. Named here, not imported,
 * since features do not import each other.
 */
const portfolioQueryKey = ['portfolio'] as const;

/**
 * Keeps the survey the server answered with; when its status moved, the portfolio reads again so
 * the title chip ('In Survey', 'Survey approved by customer') follows.
 */
export function keepSurvey(queryClient: QueryClient, survey: BuildingSurvey) {
  const key = surveyKeys.survey(survey.building_id);
  const before = queryClient.getQueryData<BuildingSurvey>(key);
  queryClient.setQueryData(key, survey);
  if (before === undefined || before.status !== survey.status) {
    void queryClient.invalidateQueries({ queryKey: portfolioQueryKey });
  }
}
