// Request and response schemas of the webhook calls, and the events' payloads as receivers get
// them (the `WebhookEvent` component of the API document; docs/webhooks.md shows examples).
import { z } from 'zod';

/** The events an endpoint may take. `alert.escalated`: an alert still New passed to the next contact. */
export const webhookEventTypes = [
  'alert.opened',
  'alert.acknowledged',
  'alert.closed',
  'alert.escalated',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** The event of the "Send a test" button, sent whatever the endpoint takes. */
export const TEST_EVENT = 'webhook.test';

const named = z.object({ id: z.number().int(), name: z.string() });
const place = named.nullable();

export const webhookAlertSchema = z.object({
  id: z.number().int().describe('The alert’s id'),
  type: z
    .object({ id: z.number().int(), name: z.string(), category: z.string() })
    .describe('What was found: continuous flow, night flow, high usage, a device fault...'),
  status: z
    .enum(['new', 'acknowledged', 'closed'])
    .describe('acknowledged: "On it"; closed: "Fixed it" or closed by the system'),
  rate_gallons_per_month: z
    .number()
    .nullable()
    .describe(
      'Estimated water the leak or usage wastes, in gallons per month; null for device alerts',
    ),
  estimated_monthly_cost: z
    .number()
    .nullable()
    .describe("That rate at the property's water price, in its currency"),
  water_price_per_1000_gallons: z.number(),
  first_detected: z.string().describe('ISO 8601'),
  last_detected: z.string().describe('ISO 8601'),
  closed_at: z.string().nullable(),
  note: z.string().nullable().describe('The note of the last status change, if any'),
  place: z.object({
    company: named,
    property: place,
    building: place,
    unit: place,
    address: z.string(),
    room: z.string().nullable(),
  }),
  fixture: named.nullable().describe('The fixture (appliance) the micrometer watches'),
  micrometer: z.object({ id: z.number().int(), mac_address: z.string().nullable() }).nullable(),
  assigned_to: z.string().nullable(),
  links: z.object({ web: z.string().describe('The alert’s place in the Flowsight web app') }),
});

export const webhookEscalationSchema = z.object({
  level: z.number().int().min(1).describe('1: the first escalation, 2: the next...'),
  to: z.string().nullable().describe('Who the alert went to next (a contact’s name), if anyone'),
  reason: z.string(),
});

export const webhookAlertEventSchema = z.object({
  type: z.enum(webhookEventTypes),
  timestamp: z.string().describe('When it happened, ISO 8601'),
  data: z.object({
    alert: webhookAlertSchema,
    escalation: webhookEscalationSchema.optional().describe('alert.escalated only'),
  }),
});

export const webhookTestEventSchema = z.object({
  type: z.literal(TEST_EVENT),
  timestamp: z.string(),
  data: z.object({
    endpoint_id: z.number().int(),
    company: named,
    message: z.string(),
  }),
});

/** What an endpoint receives: the JSON body of every delivery. */
export const webhookEventSchema = z
  .union([webhookAlertEventSchema, webhookTestEventSchema])
  .describe(
    'The body of a delivery, signed as Standard Webhooks: headers webhook-id (the same on every retry), webhook-timestamp, webhook-signature (docs/webhooks.md)',
  );
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export type WebhookAlert = z.infer<typeof webhookAlertSchema>;
export type WebhookEscalation = z.infer<typeof webhookEscalationSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  secret_rotated_at: z.string().nullable(),
});
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({
  secret: z.string().describe('The signing secret (whsec_…): shown this once, never again'),
});
export const webhookSecretSchema = z.object({
  id: z.number().int(),
  secret: z.string().describe('The new signing secret: shown this once; the old one stops at once'),
  secret_rotated_at: z.string(),
});

const eventsField = z
  .array(z.enum(webhookEventTypes))
  .min(1, 'Pick at least one event')
  .max(webhookEventTypes.length);
export const createWebhookEndpointBodySchema = z
  .object({
    url: z.string().trim().min(1, 'URL is required').max(2000),
    description: z.string().trim().max(200).default(''),
    events: eventsField,
  })
  .strict();
export const updateWebhookEndpointBodySchema = z
  .object({
    url: z.string().trim().min(1, 'URL is required').max(2000).optional(),
    description: z.string().trim().max(200).optional(),
    events: eventsField.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  status_code: z
    .number()
    .int()
    .nullable()
    .describe('The receiver’s HTTP status; null when none came'),
  response_body: z
    .string()
    .nullable()
    .describe('The start of its answer (2,000 characters at most)'),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  succeeded: z.boolean(),
});
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  message_id: z.string().describe('The webhook-id header'),
  event_type: z.string(),
  alert_id: z.number().int().nullable(),
  state: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  attempt_log: z.array(webhookAttemptSchema),
});
export const webhookTestResultSchema = webhookDeliverySchema.extend({
  payload: webhookEventSchema,
});
