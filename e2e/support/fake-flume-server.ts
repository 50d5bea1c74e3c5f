// The fake Flume API of the browser tests (run by playwright.config.ts beside the app): the test
// helper's fake server on a fixed port, its meter measuring a steady flow every minute from four
// days ago to a day ahead, labelled as any device-local clock reads (a label is only text: every
// time zone's window falls inside).
import { localDateTime } from '../../packages/domain/src/wall-clock.ts';
import {
  FAKE_FLUME_DEVICES,
  startFakeFlume,
} from '../../packages/server/src/testing/fake-flume.ts';
import { E2E_FLUME_GALLONS_PER_MINUTE, E2E_FLUME_PORT } from './environment.ts';

const MINUTE = 60_000;
const now = Math.floor(Date.now() / MINUTE) * MINUTE;
const minutes = Array.from({ length: 5 * 24 * 60 }, (_, i) => ({
  datetime: localDateTime(new Date(now - 4 * 24 * 60 * MINUTE + i * MINUTE), 'UTC'),
  gallons: E2E_FLUME_GALLONS_PER_MINUTE,
}));
const flume = await startFakeFlume({
  port: E2E_FLUME_PORT,
  series: { [FAKE_FLUME_DEVICES[1].id]: minutes },
});
console.log(`fake Flume at ${flume.url}`);
