// The record ids in the address of a chart page (the pages' addresses: `@flowsight/domain/paths`).
import { recordId } from '@flowsight/domain/paths';
import { useParams } from 'react-router';

const idOf = (param: string | undefined) => recordId(param) ?? 0;

/** The ids in the address (0 where absent: the record page around the tab has shown not found). */
export function usePlaceIds() {
  const params = useParams();
  return {
    companyId: idOf(params.companyId),
    propertyId: idOf(params.propertyId),
    buildingId: idOf(params.buildingId),
    unitId: idOf(params.unitId),
  };
}
