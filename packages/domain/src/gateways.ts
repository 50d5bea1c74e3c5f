// Bodies of the Gateways writes (spec sections 3, 4 and 7: serial number, building, status,
// alerts-disabled flag), shared by the server's route schemas and the web's forms, and the wording
// of the gateway refusals.
import { z } from 'zod';
import { gatewayMessages, isGatewayStatusId } from './gateway-rules.ts';
import { idSchema, optionalTextSchema as optionalText } from './input.ts';

export * from './gateway-rules.ts';

export const gatewayStatusIdSchema = z
  .number()
  .int()
  .refine(isGatewayStatusId, gatewayMessages.unknownStatus);

export const gatewaySerialSchema = z
  .string()
  .trim()
  .min(1, gatewayMessages.serialRequired)
  .max(64, gatewayMessages.serialTooLong);

const gatewayFields = {
  serial_number: gatewaySerialSchema,
  name: optionalText(120),
  model: optionalText(120),
  /** The building it serves; its company and property follow the building. Null: in stock. */
  building_id: idSchema.nullable().optional(),
  gateway_status_id: gatewayStatusIdSchema.optional(),
  alerts_disabled: z.boolean().optional(),
};

export const gatewayInputSchema = z.object(gatewayFields).strict();
export type GatewayValues = z.infer<typeof gatewayInputSchema>;

/** An edit changes only the fields it names. */
export const gatewayUpdateSchema = z.object(gatewayFields).partial().strict();
export type GatewayUpdate = z.infer<typeof gatewayUpdateSchema>;
