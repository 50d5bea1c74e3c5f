// The portfolio place a record page's address names: each level's id parameter (`companyId`, …)
// read in one place, so the record pages' tabs do not each map levels to route parameters.

import { recordId } from '@flowsight/domain/paths';
import { levelIdKey, type PortfolioLevel } from '@flowsight/domain/portfolio';
import { useParams } from 'react-router';

/** The id of the `level` place in the address; null when absent or not an id. */
export function usePlaceId(level: PortfolioLevel): number | null {
  return recordId(useParams()[levelIdKey[level]]);
}

/** The ids of every level's place in the address; null where absent or not an id. */
export function usePlaceIds() {
  const params = useParams();
  return {
    companyId: recordId(params.companyId),
    propertyId: recordId(params.propertyId),
    buildingId: recordId(params.buildingId),
    unitId: recordId(params.unitId),
  };
}

export type PlaceIds = ReturnType<typeof usePlaceIds>;
