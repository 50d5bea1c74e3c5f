// Usage reports for tests: one encoded v2 frame as the ingest service takes it, with the volume in
// gallons or thousandths and the interval it covers ending at `receivedAt`.
import { encodeUplink } from '@flowsight/domain/device-protocol';
import type { Uplink } from '../modules/ingest/ingest.service.ts';

export function usageReport(
  mac: string,
  receivedAt: Date,
  volume: { gallons: number } | { mgal: number },
  intervalS = 900,
): Uplink {
  const volumeMgal = 'gallons' in volume ? Math.round(volume.gallons * 1000) : volume.mgal;
  const { bytes } = encodeUplink({
    kind: 'usage',
    version: 2,
    seq: Math.floor(receivedAt.getTime() / 60_000) % 65_536,
    volumeMgal,
    intervalS,
    flowTimeS: volumeMgal === 0 ? 0 : Math.min(intervalS, 600),
    peakFlowMgpm: 5000,
    battery: 90,
  });
  return { mac, port: 1, payload: bytes, receivedAt, transport: 'http' };
}
