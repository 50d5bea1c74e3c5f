// The signed email actions (public: the token is the credential): GET answers what the
// confirmation page shows and changes nothing; POST confirms and changes the status. HTTP only.
import { idParamSchema } from '@flowsight/domain/input';
import { NotificationStatus } from '@flowsight/domain/lookups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDocs } from '../../lib/http-routes.ts';
import { errorSchema } from '../../lib/http-schemas.ts';
import { linkProblems } from './alert-mail.links.ts';
import type { AlertMail } from './alert-mail.service.ts';

const doc = routeDocs('alerts');
const linkParams = z.object({
  id: idParamSchema,
  status: z.coerce
    .number()
    .int()
    .min(NotificationStatus.Acknowledged)
    .max(NotificationStatus.Closed)
    .describe('2 "On it" or 3 "Fixed it"'),
  token: z.string().min(1).max(200),
});

const linkSchema = z.object({
  notification_id: z.number().int(),
  status_id: z.number().int().describe('The action of the link: 2 "On it" or 3 "Fixed it"'),
  valid: z.boolean().describe('True when confirming would work now'),
  reason: z
    .enum(linkProblems)
    .nullable()
    .describe(
      "'no-access': the recipient could not do this signed in any more (no role over the alert's place)",
    ),
  message: z.string().nullable().describe('Why the link cannot be used'),
  alert: z
    .object({
      notification_type_id: z.number().int(),
      notification_status_id: z.number().int(),
      address: z.string(),
      room: z.string().nullable(),
      appliance: z.string().nullable(),
      rate: z.number().nullable().describe('Gallons per month'),
      monthly_cost: z.number().nullable(),
      first_detected: z.string(),
      property_name: z.string().nullable(),
      time_zone: z.string().describe("The property's IANA time zone"),
    })
    .nullable()
    .describe('Absent when the link belongs to no alert'),
});

export const alertMailModule: FastifyPluginAsyncZod<{ service: AlertMail }> = async (
  app,
  { service },
) => {
  app.get(
    '/confirmation/:id/:status/:token',
    doc(
      'getAlertConfirmation',
      'What an emailed "On it" / "Fixed it" link is about; changes nothing',
      {
        params: linkParams,
        response: { 200: linkSchema, 400: errorSchema },
      },
    ),
    (r) => service.inspect(r.params.id, r.params.status, r.params.token),
  );
  app.post(
    '/confirmation/:id/:status/:token',
    doc(
      'confirmAlertStatus',
      'Confirms an emailed "On it" / "Fixed it" link (once) as its recipient, while they could do the same signed in',
      {
        params: linkParams,
        body: z
          .object({ note: z.string().max(2000).optional() })
          .strict()
          .optional(),
        response: {
          200: z.object({
            notification_id: z.number().int(),
            notification_status_id: z.number().int(),
          }),
          400: errorSchema,
          403: errorSchema.describe(
            'The recipient could not do this signed in any more: no role over the alert’s place',
          ),
          409: errorSchema,
          410: errorSchema,
        },
      },
    ),
    (r) => service.confirm(r.params.id, r.params.status, r.params.token, r.body?.note),
  );
};
