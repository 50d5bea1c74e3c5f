// Request and response schemas of the Flume account calls. An account is shown with its
// company, its meters and the building each is linked to, the last sync and the last error in
// words — never its client secret or password.
import { idSchema } from '@flowsight/domain/input';
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

export const flumeDeviceSchema = z.object({
  id: z.number().int(),
  device_id: z.string().describe("Flume's id of the meter"),
  name: z.string().nullable(),
  location: z.string().nullable().describe("Flume's location of the meter"),
  time_zone: z.string().nullable(),
  building_id: z.number().int().nullable().describe('The building the meter measures, if linked'),
  building_name: z.string().nullable(),
  last_sync_at: z.string().nullable(),
});

export const flumeAccountSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  flume_user_id: z.string(),
  client_id: z.string(),
  username: z.string(),
  connected_at: z.string().nullable().describe('Last time Flume accepted the credentials'),
  last_sync_at: z.string().nullable(),
  last_error: z.string().nullable().describe("The last failure talking to Flume, in Flume's words"),
  last_error_at: z.string().nullable(),
  created_at: z.string(),
  devices: z.array(flumeDeviceSchema),
});

export const flumeAccountInputSchema = z
  .object({
    company_id: idSchema,
    name: text(120),
    client_id: text(200).describe('The client id of Flume\'s "API Access"'),
    client_secret: text(500).describe('Sealed at rest; never shown again'),
    username: text(200).describe("The Flume user's email"),
    password: z.string().min(1).max(500).describe('Sealed at rest; never shown again'),
  })
  .strict();

export const deviceLinkSchema = z
  .object({
    building_id: idSchema
      .nullable()
      .describe("A building of the account's company, or null to unlink"),
  })
  .strict();

export const flumeConnectedSchema = z.object({ connected: z.boolean() });

export const buildingFlumeMeterSchema = z.object({
  meter: z
    .object({
      account_id: z.number().int(),
      account_name: z.string(),
      device_id: z.string().describe("Flume's id of the meter"),
      last_sync_at: z.string().nullable(),
      last_error: z.string().nullable().describe("The account's last failure, in Flume's words"),
    })
    .nullable()
    .describe('The Flume meter measuring the building as its main line, if one is linked'),
});

export type FlumeAccount = z.infer<typeof flumeAccountSchema>;
export type FlumeAccountInput = z.infer<typeof flumeAccountInputSchema>;
