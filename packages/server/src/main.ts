// Process entry: read configuration, build the app, listen, start the device simulator when asked
// (SIMULATE=1), and shut down gracefully on SIGTERM (the simulator stops, in-flight requests
// finish, the database closes cleanly).
import { join } from 'node:path';
import { roleTypes } from '@flowsight/domain/lookups';
import { demoPassword, demoUsers } from '@flowsight/simulator/demo-portfolio';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { startAlertReminders } from './modules/alert-mail/alert-mail.jobs.ts';
import { startAlertJobs } from './modules/alerts/alerts.jobs.ts';
import { startFleetHealth } from './modules/fleet-health/fleet-health.ts';
import { createSimulationRepository } from './modules/simulation/simulation.repository.ts';
import {
  type RunningSimulation,
  startSimulation,
} from './modules/simulation/simulation.service.ts';
import { startCompanyLogCompaction } from './modules/usage/usage.jobs.ts';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const app = await buildApp({ config });
await app.listen({ port: config.port, host: config.host });

const url = config.appUrl;
const lines = [`Flowsight is running at ${url}  (API docs: ${url}/api/docs)`];
if (config.demo) {
  lines.push(`Demo sign-ins (password ${demoPassword}):`);
  const roleName = (id: number) => roleTypes.find((r) => r.id === id)?.name ?? `role ${id}`;
  for (const user of demoUsers) {
    const roles = user.roles.map((r) => roleName(r.roleTypeId)).join(' + ');
    lines.push(`  ${user.email.padEnd(34)} ${roles}`);
  }
}
console.log(lines.join('\n'));

// Device-health sweeps (one replica at a time, by advisory lock).
const stopFleetHealth = startFleetHealth({
  db: app.db,
  log: {
    info: (message) => app.log.info(message),
    warn: (object, message) => app.log.warn(object, message),
  },
});

// Leak detection after each ingest batch, and the periodic sweep.
const stopAlertJobs = startAlertJobs({
  engine: app.alerts,
  ingest: app.ingest,
  log: { warn: (object, message) => app.log.warn(object, message) },
});

// Reminder emails of alerts that stay New (one replica at a time, by advisory lock).
const stopAlertReminders = startAlertReminders({
  service: app.alertMail,
  reminderHours: config.alertReminderHours,
  log: { warn: (object, message) => app.log.warn(object, message) },
});

// Folds the per-company usage logs (usage_company_daily and _hourly).
const stopCompanyLogCompaction = startCompanyLogCompaction({
  db: app.db,
  log: { warn: (object, message) => app.log.warn(object, message) },
});

let simulation: RunningSimulation | undefined;
if (config.simulate && !config.demo) {
  app.log.warn('SIMULATE=1 simulates the demo fleet and needs DEMO=1; simulator not started');
} else if (config.simulate) {
  const labelsFile = join(config.dataDir, 'simulation', 'leak-labels.json');
  simulation = await startSimulation({
    ingest: (uplinks) => app.ingest.ingest(uplinks),
    repository: createSimulationRepository(app.db),
    log: {
      info: (message) => app.log.info(message),
      warn: (object, message) => app.log.warn(object, message),
    },
    labelsFile,
  });
  app.log.info(`simulator running; leak labels in ${labelsFile}`);
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    (simulation?.stop() ?? Promise.resolve())
      .then(() => stopFleetHealth())
      .then(() => stopAlertJobs())
      .then(() => stopAlertReminders())
      .then(() => stopCompanyLogCompaction())
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}
