// Query keys of the survey feature, by building: the survey, its installers, shipments, shipping
// contact and unit photos. A transition or an answer answers with the whole survey, which replaces
// the cached one; the other writes invalidate their own key.
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
};
