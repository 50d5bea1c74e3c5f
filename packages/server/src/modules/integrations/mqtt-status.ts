// What the Integrations page says about MQTT ingest: whether it is configured, the QoS the newest
// uplink of each format arrived with, and a warning while any arrives at QoS 0 (ChirpStack's
// default), since such uplinks published while Flowsight is down are lost. What a replica saw since
// it started: each replica subscribes on its own session.
import { z } from 'zod';
import { qos0Warning, type UplinkQos } from '../ingest/mqtt-ingest.ts';

export const mqttStatusSchema = z.object({
  configured: z.boolean().describe('Whether MQTT_URL is set on this server'),
  uplinks: z
    .array(
      z.object({
        format: z.enum(['chirpstack', 'native']),
        qos: z.number().int().describe('The QoS the newest uplink of this format arrived with'),
        received_at: z.string().describe('When that uplink arrived'),
      }),
    )
    .describe('Per format, since this server started; empty until an uplink arrives'),
  warning: z
    .string()
    .nullable()
    .describe('Set while uplinks arrive at QoS 0: those sent while Flowsight is down are lost'),
});
export type MqttStatus = z.infer<typeof mqttStatusSchema>;

/** `seen` undefined: MQTT is not configured. */
export function mqttStatus(seen: readonly UplinkQos[] | undefined): MqttStatus {
  const uplinks = (seen ?? []).map(({ format, qos, at }) => ({
    format,
    qos,
    received_at: at.toISOString(),
  }));
  const atQos0 = uplinks.filter(({ qos }) => qos === 0).map(({ format }) => format);
  const warning = atQos0.length === 0 ? null : qos0Warning(atQos0);
  return { configured: seen !== undefined, uplinks, warning };
}
