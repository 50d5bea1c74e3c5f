// Process entry: read configuration, build the app (app.ts wires everything, background jobs
// included), listen, start the app's jobs, and shut down gracefully on SIGTERM (the jobs stop —
// the simulator first —, in-flight requests finish, the database closes cleanly).
import { roleTypes } from '@flowsight/domain/lookups';
import { demoPassword, demoUsers } from '@flowsight/simulator/demo-portfolio';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';

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
    const roles = user.roles
      .map((r) => {
        const place = 'propertyName' in r ? ` of ${r.propertyName}` : '';
        return `${roleName(r.roleTypeId)}${place}`;
      })
      .join(' + ');
    lines.push(`  ${user.email.padEnd(34)} ${roles}`);
  }
}
console.log(lines.join('\n'));

await app.jobs.start();

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.jobs
      .stop()
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
