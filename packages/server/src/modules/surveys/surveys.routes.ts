// Getting micrometers into a building (spec section 7 "Buildings" and "Properties", issue 20): the
// survey and its transitions, the survey email's approval link (public: its token is the
// credential; GET changes nothing, POST approves once), installers, shipments and the shipping
// contact. HTTP only: each route declares its schemas and calls one service method.
import { idParamSchema } from '@flowsight/domain/input';
import {
  buildingSurveySchema,
  dxPlanBodySchema,
  installerInputSchema,
  installerSchema,
  installerUpdateSchema,
  micrometersBySizeSchema,
  propertyShippingDateSchema,
  shipmentInputSchema,
  shipmentSchema,
  shippingContactInputSchema,
  shippingContactSchema,
  surveyAnswerBodySchema,
  surveyReopenBodySchema,
  surveySendBodySchema,
} from '@flowsight/domain/survey';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, routeDocs } from '../../lib/http-routes.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { scopeOf } from '../../plugins/auth.ts';
import type { SurveysService } from './surveys.service.ts';

const doc = routeDocs('buildings');
const readErrors = { 400: errorSchema, 404: errorSchema };

const sentSurveySchema = buildingSurveySchema.extend({
  sent_to: z.array(z.string()).describe('The addresses the survey email went to'),
});
const linkParams = z.object({ id: idParamSchema, token: z.string().min(1).max(200) });
const approvalLinkSchema = z.object({
  building_id: z.number().int(),
  valid: z.boolean().describe('True when approving would work now'),
  reason: z.enum(['invalid', 'used', 'expired', 'status']).nullable(),
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
    .describe('Absent when the link belongs to no building'),
});
const assignedBuildingSchema = z.object({
  installer_id: z.number().int(),
  building_id: z.number().int(),
  building_name: z.string(),
  property_id: z.number().int(),
  property_name: z.string(),
  company_id: z.number().int(),
  scheduled_date: z.string().nullable(),
  status: z.enum(['scheduled', 'in_progress', 'done']),
});

/** The survey of a building and its transitions. */
const surveyRoutes: FastifyPluginAsyncZod<{ service: SurveysService }> = async (
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
      {
        params: idParams,
        body: surveyAnswerBodySchema,
        response: { 200: buildingSurveySchema, ...errorResponses },
      },
    ),
    (r) => service.answer(scopeOf(r), r.params.id, r.body),
  );
  app.put(
    '/buildings/:id/approve-send-survey',
    doc(
      'sendBuildingSurvey',
      "Email the survey in progress to the customer's notification contacts, each with a single-use approval link",
      {
        params: idParams,
        body: surveySendBodySchema.optional(),
        response: { 200: sentSurveySchema, ...errorResponses },
      },
    ),
    (r) => service.send(scopeOf(r), r.params.id, r.body ?? {}),
  );
  app.put(
    '/buildings/:id/approve-survey-dx',
    doc(
      'approveBuildingSurveyByDx',
      "DX's sign-off of the installation plan of a survey approved by the customer (→ completed)",
      {
        params: idParams,
        body: dxPlanBodySchema,
        response: { 200: buildingSurveySchema, ...errorResponses },
      },
    ),
    (r) => service.approveByDx(scopeOf(r), r.params.id, r.body),
  );
  app.put(
    '/buildings/:id/reopen-survey',
    doc(
      'reopenBuildingSurvey',
      'Reopen an approved or completed survey (→ In Survey), with a reason',
      {
        params: idParams,
        body: surveyReopenBodySchema,
        response: { 200: buildingSurveySchema, ...errorResponses },
      },
    ),
    (r) => service.reopen(scopeOf(r), r.params.id, r.body.reason),
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
          409: errorSchema,
          410: errorSchema,
        },
      },
    ),
    (r) => service.approveByCustomer(r.params.id, r.params.token),
  );
};

/** Installers of a building, and the installer's own assignments. */
const installerRoutes: FastifyPluginAsyncZod<{ service: SurveysService }> = async (
  app,
  { service },
) => {
  app.get(
    '/buildings/:id/installer',
    doc('listBuildingInstallers', 'The installers assigned to a building, soonest first', {
      params: idParams,
      response: { 200: z.array(installerSchema), ...readErrors },
    }),
    (r) => service.installers(scopeOf(r), r.params.id),
  );
  app.post(
    '/buildings/:id/installers',
    doc(
      'assignBuildingInstaller',
      "Assign a company installer of the building's company, or an outside installer's name and phone, with a scheduled date",
      {
        params: idParams,
        body: installerInputSchema,
        response: { 201: installerSchema, ...errorResponses },
      },
    ),
    async (r, reply) =>
      reply.status(201).send(await service.addInstaller(scopeOf(r), r.params.id, r.body)),
  );
  app.put(
    '/buildings/installers/:id',
    doc('updateBuildingInstaller', "Change an installer's details, scheduled date or status", {
      params: idParams,
      body: installerUpdateSchema,
      response: { 200: installerSchema, ...errorResponses },
    }),
    (r) => service.updateInstaller(scopeOf(r), r.params.id, r.body),
  );
  app.get(
    '/buildings/installations/mine',
    doc(
      'listMyInstallations',
      'The buildings the signed-in person is assigned to install in, soonest first (the installation page lists them first)',
      { response: { 200: z.array(assignedBuildingSchema) } },
    ),
    (r) => service.myInstallations(scopeOf(r)),
  );
};

/** Shipments of a building, its shipping contact, and a property's shipping date. */
const shippingRoutes: FastifyPluginAsyncZod<{ service: SurveysService }> = async (
  app,
  { service },
) => {
  app.get(
    '/buildings/:id/shipping',
    doc('listBuildingShipments', "A building's shipments, by date", {
      params: idParams,
      response: { 200: z.array(shipmentSchema), ...readErrors },
    }),
    (r) => service.shipments(scopeOf(r), r.params.id),
  );
  app.post(
    '/buildings/:id/shipping',
    doc(
      'createBuildingShipment',
      'Record a shipment (a date ahead is a planned one): carrier, tracking number, micrometers by size, MACs once known',
      {
        params: idParams,
        body: shipmentInputSchema,
        response: { 201: shipmentSchema, ...errorResponses },
      },
    ),
    async (r, reply) =>
      reply.status(201).send(await service.addShipment(scopeOf(r), r.params.id, r.body)),
  );
  app.get(
    '/buildings/:id/shipping-contact',
    doc(
      'getBuildingShippingContact',
      "Who receives a building's shipments, and where; null: none yet",
      {
        params: idParams,
        response: { 200: shippingContactSchema.nullable(), ...readErrors },
      },
    ),
    (r) => service.shippingContact(scopeOf(r), r.params.id),
  );
  app.post(
    '/buildings/:id/shipping-contact',
    doc(
      'saveBuildingShippingContact',
      "Set a building's shipping contact (replaces the one before)",
      {
        params: idParams,
        body: shippingContactInputSchema,
        response: { 200: shippingContactSchema, ...errorResponses },
      },
    ),
    (r) => service.saveShippingContact(scopeOf(r), r.params.id, r.body),
  );
  app.get(
    '/properties/:id/shipping-date',
    routeDocs('properties')(
      'getPropertyShippingDate',
      "The next planned shipment across the property's buildings, else the last one",
      { params: idParams, response: { 200: propertyShippingDateSchema, ...readErrors } },
    ),
    (r) => service.propertyShippingDate(scopeOf(r), r.params.id),
  );
};

export const surveysModule: FastifyPluginAsyncZod<{ service: SurveysService }> = async (
  app,
  options,
) => {
  await app.register(surveyRoutes, options);
  await app.register(installerRoutes, options);
  await app.register(shippingRoutes, options);
};
