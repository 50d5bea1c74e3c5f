// Runtime configuration from environment variables (DESIGN section 3). Defaults make the
// embedded mode work untouched; a bad value stops start-up with one line naming the variable.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { DEFAULT_UPLOAD_MAX_BYTES } from '@flowsight/domain/uploads';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** proxy-addr's names for the loopback, link-local and private (unique local) ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix (CIDR) other than /0, or one of the range names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

/**
 * The reverse proxies whose `X-Forwarded-For` is believed, as a comma-separated list. Anything
 * else (`true`, hop counts, `0.0.0.0/0`) is refused: it would let any client choose its address.
 */
const trustProxy = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine(
    (entries) => entries.every(isProxyEntry),
    'must be a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.2,10.1.0.0/16), or loopback, linklocal, uniquelocal',
  );

/** A 256-bit key written in base64, as `openssl rand -base64 32` prints one. */
function isAesKey(value: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32;
}

const environmentSchema = z.object({
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Flowsight <no-reply@flowsight.local>'),
  MQTT_URL: z.url({ protocol: /^mqtts?|wss?$/, error: 'must be an mqtt:// URL' }).optional(),
  MQTT_TOPICS: z
    .string()
    .default('application/+/device/+/event/up,flowsight/uplinks/+')
    .transform((v) =>
      v
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, dot, dash or underscore')
    .default('flowsight-ingest'),
  /** ChirpStack application id used in downlink topics (`application/<id>/device/<devEui>/command/down`). */
  MQTT_DOWNLINK_APPLICATION: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('flowsight'),
  /** Link to a gateway in the network server's admin app; `{serial}` is replaced by the gateway's serial. */
  GATEWAY_ADMIN_URL: z
    .string()
    .url()
    .refine((v) => v.includes('%7Bserial%7D') || v.includes('{serial}'), 'must contain {serial}')
    .default('http://localhost:8090/#/gateways/{serial}'),
  DEMO: flag.default(false),
  SIMULATE: flag.default(false),
  ANALYTICS_ID: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUST_PROXY: trustProxy.default([]),
  LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  INGEST_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  ALERT_REMINDER_HOURS: z.coerce.number().positive().max(8760).default(24),
  ALERT_SWEEP_SECONDS: z.coerce.number().positive().max(86_400).default(300),
  ALERT_DEBOUNCE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  DEVICE_HEALTH_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  DOWNLINK_POLL_SECONDS: z.coerce.number().positive().max(86_400).default(10),
  USAGE_COMPACTION_SECONDS: z.coerce.number().positive().max(86_400).default(15),
  RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).optional(),
  UPLOADS_MAX_BYTES: z.coerce.number().int().min(1024).default(DEFAULT_UPLOAD_MAX_BYTES),
  UPLOADS_DIR: z.string().min(1).optional(),
  UPLOADS_S3_BUCKET: z.string().min(1).optional(),
  UPLOADS_S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .optional(),
  UPLOADS_S3_REGION: z.string().min(1).default('us-east-1'),
  UPLOADS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  UPLOADS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  UPLOADS_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_.-]+\/)*$/, 'must be empty or end with a slash, e.g. flowsight/')
    .default(''),
  UPLOADS_S3_FORCE_PATH_STYLE: flag.default(true),
  FLUME_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default('https://api.flumewater.com'),
  FLUME_SYNC_MINUTES: z.coerce.number().positive().max(1440).default(15),
  FLUME_BACKFILL_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  FLUME_SECRET_KEY: z
    .string()
    .refine(isAesKey, 'must be 32 bytes in base64 (e.g. openssl rand -base64 32)')
    .optional(),
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  TWILIO_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hexadecimal digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/,
      'must be a phone number in E.164 form (e.g. +16175550100) or an alphanumeric sender ID',
    )
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'must be MG followed by 32 hexadecimal digits')
    .optional(),
  WEBHOOK_SECRET_KEY: z
    .string()
    .refine(isAesKey, 'must be 32 bytes in base64 (e.g. openssl rand -base64 32)')
    .optional(),
  WEBHOOKS_ALLOW_LOOPBACK: flag.default(false),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
type Environment = z.infer<typeof environmentSchema>;

/**
 * How text messages go out: through Twilio, or (the default, and without configuration) into the
 * DATA_DIR/sms-outbox folder.
 */
export type SmsConfig =
  | { readonly provider: 'outbox' }
  | {
      readonly provider: 'twilio';
      /** Base URL of Twilio's REST API (a local fake in tests). */
      readonly apiUrl: string;
      readonly accountSid: string;
      readonly authToken: string;
      /** The sending number or sender ID; unset when a Messaging Service picks it. */
      readonly from: string | undefined;
      readonly messagingServiceSid: string | undefined;
    };

/** The SMS settings, or the one-line problem with their combination. */
function smsSettings(e: Environment): SmsConfig {
  const twilioNames = [
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_FROM',
    'TWILIO_MESSAGING_SERVICE_SID',
  ] as const;
  if (e.SMS_PROVIDER === 'outbox') {
    // Credentials without the provider would quietly leave every text in the outbox.
    const stray = twilioNames.find((name) => e[name] !== undefined);
    if (stray) throw new ConfigError(`Invalid SMS_PROVIDER: must be twilio when ${stray} is set`);
    return { provider: 'outbox' };
  }
  if (!e.TWILIO_ACCOUNT_SID)
    throw new ConfigError('Invalid TWILIO_ACCOUNT_SID: required when SMS_PROVIDER is twilio');
  if (!e.TWILIO_AUTH_TOKEN)
    throw new ConfigError('Invalid TWILIO_AUTH_TOKEN: required when SMS_PROVIDER is twilio');
  if ((e.TWILIO_FROM === undefined) === (e.TWILIO_MESSAGING_SERVICE_SID === undefined)) {
    throw new ConfigError(
      'Invalid TWILIO_FROM: set either TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID (not both) when SMS_PROVIDER is twilio',
    );
  }
  return {
    provider: 'twilio',
    apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    from: e.TWILIO_FROM,
    messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
  };
}

/**
 * Where uploaded files are kept: a folder (default DATA_DIR/uploads), or an S3-compatible bucket
 * when UPLOADS_S3_BUCKET is set (credentials from the UPLOADS_S3_* keys, else the AWS SDK's own
 * chain: environment, profile, instance role).
 */
export type UploadsStorageConfig = {
  readonly dir: string;
  readonly s3?: {
    readonly bucket: string;
    readonly endpoint: string | undefined;
    readonly region: string;
    readonly accessKeyId: string | undefined;
    readonly secretAccessKey: string | undefined;
    /** Prefix of every object key (empty, or ending with a slash). */
    readonly prefix: string;
    readonly forcePathStyle: boolean;
  };
};

export type AppConfig = {
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly port: number;
  readonly host: string;
  readonly appUrl: string;
  readonly jwtSecret: string;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly mqttUrl: string | undefined;
  readonly mqttTopics: readonly string[];
  /** Stable MQTT client id: the broker keeps our session (and unacknowledged messages) under it. */
  readonly mqttClientId: string;
  /** ChirpStack application id of the downlink topic. */
  readonly mqttDownlinkApplication: string;
  /** URL template of a gateway's page in the network server's admin app (`{serial}`). */
  readonly gatewayAdminUrl: string;
  readonly demo: boolean;
  readonly simulate: boolean;
  readonly analyticsId: string | undefined;
  /** Bearer token of `GET /api/metrics` (Prometheus); unset: the endpoint answers 404. */
  readonly metricsToken: string | undefined;
  /**
   * Proxies (addresses, CIDR ranges, or proxy-addr's range names) whose `X-Forwarded-For` gives
   * the client address; empty: the connection's own address is the client's.
   */
  readonly trustProxy: readonly string[];
  /** Sign-in attempts one client address may make in 15 minutes. */
  readonly loginLimitPerAddress: number;
  /** Ingest calls one integration API key may make per minute. */
  readonly ingestLimitPerMinute: number;
  /** Hours between reminder emails of an alert that stays New. */
  readonly alertReminderHours: number;
  /** Seconds between detection sweeps (each run by one replica at a time). */
  readonly alertSweepSeconds: number;
  /** Milliseconds an ingest burst is gathered before its micrometers are evaluated. */
  readonly alertDebounceMs: number;
  /** Seconds between device-health sweeps (each run by one replica at a time). */
  readonly deviceHealthSeconds: number;
  /** Seconds between looks at the downlink queue for frames no wake-up published. */
  readonly downlinkPollSeconds: number;
  /** Seconds between folds of the per-company usage logs. */
  readonly usageCompactionSeconds: number;
  /**
   * Whole months of raw readings kept; older monthly partitions are dropped (rollups stay).
   * Unset: every reading is kept.
   */
  readonly retentionMonths: number | undefined;
  /** Largest uploaded file, in bytes (413 above it). */
  readonly uploadsMaxBytes: number;
  readonly uploads: UploadsStorageConfig;
  /** Base URL of Flume's public API (a fake server in tests, a proxy later). */
  readonly flumeApiUrl: string;
  /** Key (base64, 32 bytes) sealing Flume accounts' secrets; unset: generated once into DATA_DIR. */
  readonly flumeSecretKey: string | undefined;
  /** Minutes between syncs of a Flume account. */
  readonly flumeSyncMinutes: number;
  /** Days of water a meter's first sync imports. */
  readonly flumeBackfillDays: number;
  /** How text messages go out (Twilio, or the DATA_DIR/sms-outbox folder). */
  readonly sms: SmsConfig;
  readonly logLevel: Environment['LOG_LEVEL'];
  /** Key (base64, 32 bytes) sealing webhook signing secrets; unset: generated once into DATA_DIR. */
  readonly webhookSecretKey: string | undefined;
  /**
   * Webhook endpoints may be http://localhost and loopback addresses (development, tests); off,
   * only public https addresses are registered and called.
   */
  readonly webhooksAllowLoopback: boolean;
  /** Seconds a webhook receiver has to answer one delivery attempt. */
  readonly webhookTimeoutSeconds: number;
};

export class ConfigError extends Error {}

/** Reads and validates the environment. Throws ConfigError with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings mean "not set", as shells and .env files often write them.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue ? String(issue.path[0]) : 'environment';
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'bad value'}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    databaseUrl: e.DATABASE_URL,
    dataDir,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mqttUrl: e.MQTT_URL,
    mqttTopics: e.MQTT_TOPICS,
    mqttClientId: e.MQTT_CLIENT_ID,
    mqttDownlinkApplication: e.MQTT_DOWNLINK_APPLICATION,
    gatewayAdminUrl: e.GATEWAY_ADMIN_URL,
    demo: e.DEMO,
    simulate: e.SIMULATE,
    analyticsId: e.ANALYTICS_ID,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    loginLimitPerAddress: e.LOGIN_LIMIT_PER_ADDRESS,
    ingestLimitPerMinute: e.INGEST_LIMIT_PER_MINUTE,
    alertReminderHours: e.ALERT_REMINDER_HOURS,
    alertSweepSeconds: e.ALERT_SWEEP_SECONDS,
    alertDebounceMs: e.ALERT_DEBOUNCE_MS,
    deviceHealthSeconds: e.DEVICE_HEALTH_SECONDS,
    downlinkPollSeconds: e.DOWNLINK_POLL_SECONDS,
    usageCompactionSeconds: e.USAGE_COMPACTION_SECONDS,
    retentionMonths: e.RETENTION_MONTHS,
    uploadsMaxBytes: e.UPLOADS_MAX_BYTES,
    uploads: uploadsStorage(e, dataDir),
    flumeApiUrl: e.FLUME_API_URL.replace(/\/$/, ''),
    flumeSecretKey: e.FLUME_SECRET_KEY,
    flumeSyncMinutes: e.FLUME_SYNC_MINUTES,
    flumeBackfillDays: e.FLUME_BACKFILL_DAYS,
    sms: smsSettings(e),
    webhookSecretKey: e.WEBHOOK_SECRET_KEY,
    webhooksAllowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK,
    webhookTimeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS,
    logLevel: e.LOG_LEVEL,
  };
}

function uploadsStorage(e: Environment, dataDir: string) {
  const dir = e.UPLOADS_DIR ? resolve(e.UPLOADS_DIR) : join(dataDir, 'uploads');
  if (!e.UPLOADS_S3_BUCKET) return { dir };
  return {
    dir,
    s3: {
      bucket: e.UPLOADS_S3_BUCKET,
      endpoint: e.UPLOADS_S3_ENDPOINT,
      region: e.UPLOADS_S3_REGION,
      accessKeyId: e.UPLOADS_S3_ACCESS_KEY_ID,
      secretAccessKey: e.UPLOADS_S3_SECRET_ACCESS_KEY,
      prefix: e.UPLOADS_S3_PREFIX,
      forcePathStyle: e.UPLOADS_S3_FORCE_PATH_STYLE,
    },
  };
}

/**
 * A random secret generated once and kept in DATA_DIR, so restarts keep what it protects: the
 * JWT signing secret (sessions) by default, or another file and generator (Flume's secret key).
 */
export function persistentSecret(
  dataDir: string,
  fileName = 'jwt-secret',
  generate: () => string = () => randomBytes(48).toString('base64url'),
): string {
  const file = join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = generate();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
