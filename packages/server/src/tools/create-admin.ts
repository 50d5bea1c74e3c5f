// npm run create-admin -- EMAIL [--first-name X] [--last-name Y]: creates a system admin in the
// configured database (DATABASE_URL, else the embedded one in DATA_DIR, refused while a server
// uses it). No password is taken here (it would stay in the shell's history): the command prints
// a change-password link, the one the password-reset email carries, and sends that email too —
// over SMTP when SMTP_URL is set, else into DATA_DIR/outbox as the server does.
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { createMailer } from '../lib/mailer.ts';
import { createSystemAdmin } from '../modules/users/system-admin.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { loadToolConfig, openConfiguredDatabase, ToolError } from './configured-database.ts';

const USAGE = 'usage: npm run create-admin -- EMAIL [--first-name X] [--last-name Y]';

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseArguments>;
  try {
    parsed = parseArguments();
  } catch {
    throw new ToolError(USAGE);
  }
  const [email, ...extra] = parsed.positionals;
  if (!email || extra.length > 0) throw new ToolError(USAGE);
  const config = loadToolConfig();
  // The outbox mailer names the file it wrote in its log line: kept to be printed.
  let outboxFile: string | undefined;
  const log = {
    info: (fields: { file?: string }) => {
      outboxFile = fields.file;
    },
  } as unknown as FastifyBaseLogger;
  const mailer = createMailer(
    { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir },
    log,
  );
  const database = await openConfiguredDatabase(config);
  try {
    const admin = await createSystemAdmin(
      { repository: createUsersRepository(database.db), mailer, appUrl: config.appUrl },
      {
        email,
        firstName: parsed.values['first-name'],
        lastName: parsed.values['last-name'],
      },
    );
    const where = config.databaseUrl ? 'the PostgreSQL database' : `${config.dataDir}`;
    console.log(`Created the system admin ${admin.email} in ${where}.`);
    if (admin.otherAdmins > 0) {
      console.log(`Other system admins exist already: ${admin.otherAdmins}.`);
    }
    console.log(
      `They set their password at this link (it works once, until ${admin.expiresAt.toISOString()}; after that, "Forgot password?" on the sign-in page):`,
    );
    console.log(admin.link);
    if (admin.mailError) {
      console.log(`The reset email was not sent (${admin.mailError}): pass the link on yourself.`);
    } else if (config.smtpUrl) {
      console.log(`The same link was emailed to ${admin.email} (SMTP_URL).`);
    } else {
      console.log(`No SMTP_URL: the reset email was written to ${outboxFile}, not sent.`);
    }
  } finally {
    await database.close();
  }
}

function parseArguments() {
  return parseArgs({
    allowPositionals: true,
    options: { 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
  });
}

try {
  await main();
} catch (error) {
  const refusal =
    error instanceof ToolError || error instanceof AppError || error instanceof ConfigError;
  console.error(refusal ? error.message : error);
  process.exit(1);
}
