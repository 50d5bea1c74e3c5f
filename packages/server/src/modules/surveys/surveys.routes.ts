// A building's survey (spec section 7 "Buildings"): the survey and its transitions, and
// the survey email's approval link (public: its token is the credential; GET changes nothing,
// POST approves once). `surveysModule` registers these with the installer and shipping routes.
// HTTP only: each route declares its schemas and calls one service method.
import { idParamSchema } from '@flowsight/domain/input';
import {
  buildingSurveySchema,
  dxPlanBodySchema,
  micrometersBySizeSchema,
  surveyAnswerBodySchema,
  surveyReopenBodySchema,
  surveySendBodySchema,
} from '@flowsight/domain/survey';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeById, readErrors, routeDocs } from '../../lib/http-routes.ts';
import { errorSchema, idParams, optionalBody } from '../../lib/http-schemas.ts';
import { scopeOf } from '../../plugins/auth.ts';
import { installerRoutes } from './installers.routes.ts';
import type { InstallersService } from './installers.service.ts';
import { shippingRoutes } from './shipping.routes.ts';
import type { ShippingService } from './shipping.service.ts';
import { approvalLinkProblems } from './surveys.links.ts';
import type { SurveysService } from './surveys.service.ts';

const doc = routeDocs('buildings');

const sentSurveySchema = buildingSurveySchema.extend({
  sent_to: z.array(z.string()).describe('The addresses the survey email went to'),
});
const linkParams = z.object({ id: idParamSchema, token: z.string().min(1).max(200) });
const approvalLinkSchema = z.object({
  building_id: z.number().int(),
  valid: z.boolean().describe('True when approving would work now'),
  reason: z
    .enum(approvalLinkProblems)
    .nullable()
    .describe(
      "Why the link cannot approve: 'replaced', a later survey email replaced it; 'no-access', its recipient is no longer a contact of the building's company (or is disabled); 'status', the survey cannot be approved in its status",
    ),
  message: z.string().nullable().describe('Why the link cannot be used'),
  survey: z
    .object({
      building_name: z.string(),
      status: z.number().int(),
      status_name: z.string(),
      progress: z.object({ surveyed: z.number().int(), units: z.number().int() }),
      fixtures: z.number().int(),
      micrometers_needed: micrometersBySizeSchema,
    })
    .nullable()
    .describe('Absent unless the link may still approve (or only the status stands in its way)'),
});
/** The survey of a building and its transitions. */
export const surveyRoutes: FastifyPluginAsyncZod<{ service: SurveysService }> = async (
  app,
  { service },
) => {
  app.get(
    '/buildings/:id/survey',
    doc(
      'getBuildingSurvey',
      'The survey of a building: status, the actions it allows, per-unit progress, answers, micrometers needed by size, DX plan and history',
      { params: idParams, response: { 200: buildingSurveySchema, ...readErrors } },
    ),
    (r) => service.getSurvey(scopeOf(r), r.params.id),
  );
  app.put(
    '/buildings/:id/survey',
    doc(
      'saveBuildingSurveyAnswer',
      "Save one answer for a unit's fixture (the same unit, fixture and question again replaces it); the first answer moves the survey to In Survey",
      changeById(surveyAnswerBodySchema, buildingSurveySchema),
    ),
    (r) => service.answer(scopeOf(r), r.params.id, r.body),
  );
  app.put(
    '/buildings/:id/approve-send-survey',
    doc(
      'sendBuildingSurvey',
      "Email the survey in progress to the customer's notification contacts, each with a single-use approval link",
      changeById(optionalBody(surveySendBodySchema), sentSurveySchema),
    ),
    (r) => service.send(scopeOf(r), r.params.id, r.body ?? {}),
  );
  app.put(
    '/buildings/:id/approve-survey-dx',
    doc(
      'approveBuildingSurveyByDx',
      "DX's sign-off of the installation plan of a survey approved by the customer (→ completed)",
      changeById(dxPlanBodySchema, buildingSurveySchema),
    ),
    (r) => service.approveByDx(scopeOf(r), r.params.id, r.body),
  );
  app.put(
    '/buildings/:id/reopen-survey',
    doc(
      'reopenBuildingSurvey',
      'Reopen an approved or completed survey (→ In Survey); a reason, if given, goes into its history',
      changeById(optionalBody(surveyReopenBodySchema), buildingSurveySchema),
    ),
    (r) => service.reopen(scopeOf(r), r.params.id, r.body?.reason ?? null),
  );
  app.get(
    '/survey-approval/:id/:token',
    doc('getSurveyApproval', 'What an emailed survey approval link is about; changes nothing', {
      params: linkParams,
      response: { 200: approvalLinkSchema, 400: errorSchema },
    }),
    (r) => service.inspectApproval(r.params.id, r.params.token),
  );
  app.post(
    '/survey-approval/:id/:token',
    doc(
      'approveSurveyByCustomer',
      "The customer's approval of a survey through its emailed link (once)",
      {
        params: linkParams,
        response: {
          200: z.object({
            building_id: z.number().int(),
            status: z.number().int(),
            status_name: z.string(),
          }),
          400: errorSchema,
          403: errorSchema,
          409: errorSchema,
          410: errorSchema,
        },
      },
    ),
    (r) => service.approveByCustomer(r.params.id, r.params.token),
  );
};

/** Getting micrometers into a building: the survey, its installers and its shipping. */
export const surveysModule: FastifyPluginAsyncZod<{
  surveys: SurveysService;
  installers: InstallersService;
  shipping: ShippingService;
}> = async (app, { surveys, installers, shipping }) => {
  await app.register(surveyRoutes, { service: surveys });
  await app.register(installerRoutes, { service: installers });
  await app.register(shippingRoutes, { service: shipping });
};
