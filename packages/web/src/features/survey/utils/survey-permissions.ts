// What the active role may do on the survey tab, read from the access table the server enforces:
// answer (survey), send, sign off as DX, reopen, and keep installers and shipments. A company
// manager reads only.
import { useMemo } from 'react';
import { permissionsOf } from '@/lib/permissions';

const surveyRoutes = {
  answer: 'PUT /buildings/:id/survey',
  send: 'PUT /buildings/:id/approve-send-survey',
  dx: 'PUT /buildings/:id/approve-survey-dx',
  reopen: 'PUT /buildings/:id/reopen-survey',
  assignInstaller: 'POST /buildings/:id/installers',
  updateInstaller: 'PUT /buildings/installers/:id',
  ship: 'POST /buildings/:id/shipping',
  saveContact: 'POST /buildings/:id/shipping-contact',
  uploadPhoto: 'POST /uploads',
} as const;

export type SurveyPermissions = Record<keyof typeof surveyRoutes, boolean>;

export function useSurveyPermissions(roleTypeId: number): SurveyPermissions {
  return useMemo(() => permissionsOf(surveyRoutes, roleTypeId), [roleTypeId]);
}
