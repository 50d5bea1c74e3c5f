// Sensor frames for browser tests that post readings, written by the domain's own encoder.
import { encodeUplink } from '@flowsight/domain/device-protocol';

/** A usage v2 frame (DESIGN section 7), base64: 15 min interval, 60 s of flow, 1.5 gal/min peak. */
export function usageFrame(seq: number, volumeMgal: number, battery: number): string {
  const { bytes } = encodeUplink({
    kind: 'usage',
    version: 2,
    seq,
    volumeMgal,
    intervalS: 900,
    flowTimeS: 60,
    peakFlowMgpm: 1500,
    battery,
  });
  return Buffer.from(bytes).toString('base64');
}
