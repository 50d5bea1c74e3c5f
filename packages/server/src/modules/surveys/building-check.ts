// The one "is this building within my scope" check of the survey, installer and shipping
// services: the building, or 404 when it does not exist or lies outside the caller's scope.
import { placeCheck, type Scope } from '../../lib/tenant-scope.ts';
import type { SurveyBuilding, SurveysRepository } from './surveys.repository.ts';

export type RequireBuilding = (scope: Scope, id: number) => Promise<SurveyBuilding>;

export function buildingCheck(repository: Pick<SurveysRepository, 'building'>): RequireBuilding {
  const check = placeCheck((scope, _level, id) => repository.building(scope, id));
  return (scope, id) => check(scope, 'building', id);
}
