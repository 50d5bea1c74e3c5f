// `npm run simulate -- <backfill|live|scenarios> [options]`: drives the demo fleet against a
// running Flowsight (started with DEMO=1) over any transport the server accepts. See README.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_SEED, generateDemoPortfolio } from './demo-portfolio.ts';
import { createFleetSimulation, type SimulatedUplink } from './fleet-simulation.ts';
import {
  alignToReportGrid,
  backfill,
  countBackfill,
  defaultHistoryBands,
  live,
  type ReportBand,
} from './generators.ts';
import {
  chooseLeakScenarios,
  type LeakLabels,
  type LeakScenario,
  leakLabels,
} from './leak-scenarios.ts';
import {
  createEventSender,
  createHttpSender,
  createMqttSender,
  createNdjsonSender,
  type UplinkSender,
} from './uplink-senders.ts';

const HELP = `Flowsight device simulator

Usage: npm run simulate -- <command> [options]

Commands:
  backfill            history over --days N up to now, newest first
  live                uplinks as they fall due, from now (or --from) on
  scenarios           only choose the leak scenarios and write their labels (--scenarios)

Options:
  --days N            backfill: days of history (default 7)
  --to ISO            backfill: end of the history (default now)
  --bands SPEC        backfill: age bands "maxAgeHours:reportS:keepaliveS,..." (last maxAge "*");
                      default "24:900:3600,288:3600:21600,*:43200:604800"
  --from ISO          live: start of the stream (default now)
  --speed X           live: simulated seconds per real second (default 1)
  --rate N            at most N uplinks per second (default unlimited)
  --transport T       http | chirpstack | ttn | mqtt | ndjson (default http; ndjson prints)
  --url URL           server (default http://127.0.0.1:8080)
  --key KEY           integration API key (POST /api/integration-keys as a system admin)
  --batch N           http: uplinks per request, at most 5000 (default 1000)
  --mqtt URL          mqtt: broker (default mqtt://127.0.0.1:1883)
  --mqtt-format F     mqtt: native (flowsight/uplinks/<mac>) | chirpstack (event/up); default native
  --scenarios FILE    inject labelled leaks: read FILE if it exists, else choose them and write it
  --seed N            seed of water use and leaks (default ${DEMO_SEED})
  --sensors N         only the first N sensors of the demo fleet
  --help              this text
`;

type Args = ReturnType<typeof readArgs>;

function readArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      days: { type: 'string', default: '7' },
      to: { type: 'string' },
      bands: { type: 'string' },
      from: { type: 'string' },
      speed: { type: 'string', default: '1' },
      rate: { type: 'string' },
      transport: { type: 'string', default: 'http' },
      url: { type: 'string', default: 'http://127.0.0.1:8080' },
      key: { type: 'string', default: process.env.FLOWSIGHT_INGEST_KEY ?? '' },
      batch: { type: 'string', default: '1000' },
      mqtt: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
      'mqtt-format': { type: 'string', default: 'native' },
      scenarios: { type: 'string' },
      seed: { type: 'string', default: String(DEMO_SEED) },
      sensors: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
}

class UsageError extends Error {}

function positiveNumber(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new UsageError(`--${name} must be a positive number`);
  return value;
}

function instant(text: string | undefined, name: string): Date | undefined {
  if (text === undefined) return undefined;
  const value = new Date(text);
  if (Number.isNaN(value.getTime())) throw new UsageError(`--${name} must be an ISO 8601 time`);
  return value;
}

export function parseBands(spec: string): ReportBand[] {
  return spec.split(',').map((part) => {
    const [age, report, keepalive] = part.split(':');
    const reportIntervalS = Number(report);
    const keepaliveIntervalS = Number(keepalive);
    if (!Number.isInteger(reportIntervalS) || !Number.isInteger(keepaliveIntervalS) || !age) {
      throw new UsageError(`--bands: cannot read "${part}"`);
    }
    return {
      maxAgeS: age === '*' ? null : positiveNumber(age, 'bands') * 3600,
      reportIntervalS,
      keepaliveIntervalS,
    };
  });
}

async function openSender(args: Args['values']): Promise<UplinkSender> {
  const transport = args.transport;
  const needsKey = transport === 'http' || transport === 'chirpstack' || transport === 'ttn';
  if (needsKey && !args.key) {
    throw new UsageError(
      '--key is needed (or FLOWSIGHT_INGEST_KEY): create one with POST /api/integration-keys',
    );
  }
  const retry = {
    onRetry: (attempt: number, error: unknown) =>
      console.error(`retry ${attempt}: ${(error as Error).message}`),
  };
  switch (transport) {
    case 'http':
      return createHttpSender({
        url: args.url,
        key: args.key,
        batchSize: positiveNumber(args.batch, 'batch'),
        retry,
      });
    case 'chirpstack':
    case 'ttn':
      return createEventSender({ url: args.url, key: args.key, format: transport, retry });
    case 'mqtt': {
      const format = args['mqtt-format'];
      if (format !== 'native' && format !== 'chirpstack') {
        throw new UsageError('--mqtt-format must be native or chirpstack');
      }
      return createMqttSender({ url: args.mqtt, format });
    }
    case 'ndjson':
      return createNdjsonSender((line) => process.stdout.write(`${line}\n`));
    default:
      throw new UsageError(`unknown --transport ${transport}`);
  }
}

/** Paces sends to `rate` uplinks per second (none: as fast as the server takes them). */
function pacer(rate: number | undefined) {
  const started = Date.now();
  let sent = 0;
  return async (count: number) => {
    sent += count;
    if (!rate) return;
    const due = started + (sent / rate) * 1000;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}

/** Sends in pieces small enough for the rate to be smooth. */
async function deliver(
  sender: UplinkSender,
  uplinks: readonly SimulatedUplink[],
  pace: (count: number) => Promise<void>,
  chunk: number,
) {
  for (let i = 0; i < uplinks.length; i += chunk) {
    const part = uplinks.slice(i, i + chunk);
    await sender.send(part);
    await pace(part.length);
  }
}

function loadOrChooseScenarios(
  file: string | undefined,
  seed: number,
  from: Date,
  to: Date,
): LeakScenario[] {
  if (!file) return [];
  if (existsSync(file)) {
    const labels = JSON.parse(readFileSync(file, 'utf8')) as LeakLabels;
    console.error(`leak scenarios: ${labels.scenarios.length} read from ${file}`);
    return [...labels.scenarios];
  }
  const scenarios = chooseLeakScenarios(generateDemoPortfolio(), { seed, from, to });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(leakLabels(seed, from, to, scenarios), null, 2)}\n`);
  console.error(`leak scenarios: ${scenarios.length} written to ${file}`);
  return scenarios;
}

export async function main(argv: string[]): Promise<number> {
  const { values: args, positionals } = readArgs(argv);
  const command = positionals[0];
  if (args.help || !command) {
    process.stdout.write(HELP);
    return args.help ? 0 : 1;
  }
  const seed = Number(args.seed);
  if (!Number.isInteger(seed)) throw new UsageError('--seed must be an integer');
  const rate = args.rate === undefined ? undefined : positiveNumber(args.rate, 'rate');
  const now = alignToReportGrid(new Date());

  if (command === 'backfill' || command === 'scenarios') {
    const to = alignToReportGrid(instant(args.to, 'to') ?? now);
    const from = new Date(to.getTime() - positiveNumber(args.days, 'days') * 86_400_000);
    const scenarios = loadOrChooseScenarios(args.scenarios, seed, from, to);
    if (command === 'scenarios') {
      if (!args.scenarios) throw new UsageError('scenarios needs --scenarios FILE');
      return 0;
    }
    const portfolio = generateDemoPortfolio();
    const limit = args.sensors === undefined ? undefined : positiveNumber(args.sensors, 'sensors');
    const macs = limit
      ? portfolio.sensors
          .filter((s) => s.placement)
          .slice(0, limit)
          .map((s) => s.macAddress)
      : undefined;
    const simulation = createFleetSimulation({ seed, portfolio, anchor: to, scenarios, macs });
    const bands = args.bands ? parseBands(args.bands) : defaultHistoryBands;
    const total = countBackfill(simulation, { from, to, bands });
    const sender = await openSender(args);
    const pace = pacer(rate);
    const started = Date.now();
    let sent = 0;
    let reported = 0;
    console.error(
      `backfill ${from.toISOString()} → ${to.toISOString()}: ~${total} uplinks, ${simulation.sensors.length} sensors`,
    );
    for (const slice of backfill(simulation, { from, to, bands })) {
      await deliver(sender, slice.uplinks, pace, 5000);
      sent += slice.uplinks.length;
      if (sent - reported >= 20_000) {
        reported = sent;
        const perSecond = Math.round(sent / ((Date.now() - started) / 1000));
        console.error(
          `backfill: ${Math.min(100, Math.round((sent / Math.max(1, total)) * 100))}% (${sent} uplinks, ${perSecond}/s)`,
        );
      }
    }
    await sender.close();
    console.error(
      `backfill done: ${sent} uplinks in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  }

  if (command === 'live') {
    const from = alignToReportGrid(instant(args.from, 'from') ?? now);
    const scenarios = loadOrChooseScenarios(
      args.scenarios,
      seed,
      from,
      new Date(from.getTime() + 7 * 86_400_000),
    );
    const portfolio = generateDemoPortfolio();
    const limit = args.sensors === undefined ? undefined : positiveNumber(args.sensors, 'sensors');
    const macs = limit
      ? portfolio.sensors
          .filter((s) => s.placement)
          .slice(0, limit)
          .map((s) => s.macAddress)
      : undefined;
    const simulation = createFleetSimulation({ seed, portfolio, anchor: from, scenarios, macs });
    const sender = await openSender(args);
    const controller = new AbortController();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => controller.abort());
    }
    const pace = pacer(rate);
    let sent = 0;
    console.error(
      `live from ${from.toISOString()} at ${args.speed}× (${simulation.sensors.length} sensors); Ctrl-C stops`,
    );
    for await (const window of live(simulation, {
      from,
      speed: positiveNumber(args.speed, 'speed'),
      signal: controller.signal,
    })) {
      await deliver(sender, window.uplinks, pace, rate ? Math.max(1, Math.ceil(rate)) : 5000);
      sent += window.uplinks.length;
      if (window.uplinks.length > 0) {
        console.error(
          `live: ${window.until.toISOString()} ${window.uplinks.length} uplinks (${sent} in all)`,
        );
      }
    }
    await sender.close();
    return 0;
  }
  throw new UsageError(`unknown command ${command}`);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof UsageError ? `error: ${error.message}` : error);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
