// The composition root. Builds the Fastify application: external plugins first (security headers,
// CORS, rate limits, OpenAPI), then the database, the repositories and services, the API modules
// under /api, the web app, and the background jobs (`app.jobs`, started by main.ts only). Used by
// main.ts and by every API test.
import { join } from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginOptions,
  type FastifyRegisterOptions,
} from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { createDatabase, type Database, type DatabaseHandle, poolUse } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { seedDemo } from './db/seed/demo.ts';
import { combineJobs, type Job, type JobLog } from './lib/jobs.ts';
import { createKnownDevices } from './lib/known-devices.ts';
import { REDACTED_LOG_PATHS, serializeRequest } from './lib/log-redaction.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createMetrics } from './lib/metrics.ts';
import { createRateLimitRepository } from './lib/rate-limiter.repository.ts';
import { identityRateLimits, RateLimiter } from './lib/rate-limiter.ts';
import { createSmsSender } from './lib/sms.ts';
import { createTokenService } from './lib/tokens.ts';
import { createAlertReminderJob } from './modules/alert-mail/alert-mail.jobs.ts';
import { createAlertMailRepository } from './modules/alert-mail/alert-mail.repository.ts';
import { alertMailModule } from './modules/alert-mail/alert-mail.routes.ts';
import { type AlertMail, createAlertMail } from './modules/alert-mail/alert-mail.service.ts';
import { createAlertSmsRetryJob } from './modules/alert-sms/alert-sms.jobs.ts';
import { createAlertSmsRepository } from './modules/alert-sms/alert-sms.repository.ts';
import { type AlertSms, createAlertSms } from './modules/alert-sms/alert-sms.service.ts';
import { type AlertEngine, createAlertEngine } from './modules/alerts/alerts.engine.ts';
import { createAlertJobs } from './modules/alerts/alerts.jobs.ts';
import { createAlertLive } from './modules/alerts/alerts.live.ts';
import { createAlertsRepository } from './modules/alerts/alerts.repository.ts';
import { alertsModule } from './modules/alerts/alerts.routes.ts';
import { createAlertsService } from './modules/alerts/alerts.service.ts';
import { createAlertEvents, createAlertStatus } from './modules/alerts/alerts.status.ts';
import { createAttentionRepository } from './modules/attention/attention.repository.ts';
import { attentionModule } from './modules/attention/attention.routes.ts';
import { createAttentionService } from './modules/attention/attention.service.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authModule, mfaStatusModule } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createBackupChannel } from './modules/backup/backup-channel.ts';
import { createEventsRepository } from './modules/events/events.repository.ts';
import { eventsModule } from './modules/events/events.routes.ts';
import { createEventsService } from './modules/events/events.service.ts';
import { createFleetHealthJob } from './modules/fleet-health/fleet-health.ts';
import {
  createFleetSettings,
  fleetSettingsModule,
} from './modules/fleet-settings/fleet-settings.routes.ts';
import { createFlumeRepository } from './modules/flume/flume.repository.ts';
import { flumeModule } from './modules/flume/flume.routes.ts';
import { createFlumeService, flumeConnector } from './modules/flume/flume.service.ts';
import { createFlumeSync, createFlumeSyncJob } from './modules/flume/flume.sync.ts';
import { createFlumeSecretBox, flumeSecretKey } from './modules/flume/flume-secrets.ts';
import { createFlumeSyncRepository } from './modules/flume/flume-sync.repository.ts';
import { createGatewaysRepository } from './modules/gateways/gateways.repository.ts';
import { gatewaysModule } from './modules/gateways/gateways.routes.ts';
import { createGatewaysService } from './modules/gateways/gateways.service.ts';
import { DEFAULT_LANES } from './modules/ingest/ingest.batcher.ts';
import { ingestModule } from './modules/ingest/ingest.routes.ts';
import { createIngestService, type IngestService } from './modules/ingest/ingest.service.ts';
import { type MqttIngest, startMqttIngest } from './modules/ingest/mqtt-ingest.ts';
import { integrationKeysModule } from './modules/integrations/integration-keys.routes.ts';
import { createIntegrationKeys } from './modules/integrations/integration-keys.service.ts';
import { locationModule } from './modules/location/location.routes.ts';
import { lookupsModule } from './modules/lookups/lookups.routes.ts';
import { createPortfolioRepository } from './modules/portfolio/portfolio.repository.ts';
import {
  buildingsModule,
  companiesModule,
  globalSearchModule,
  propertiesModule,
  unitsModule,
} from './modules/portfolio/portfolio.routes.ts';
import { createPortfolioService } from './modules/portfolio/portfolio.service.ts';
import { createPortfolioWrites } from './modules/portfolio/portfolio-writes.repository.ts';
import { createReportsRepository } from './modules/reports/reports.repository.ts';
import { reportsModule } from './modules/reports/reports.routes.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createRetentionJob } from './modules/retention/retention.ts';
import { createSensorTestsRepository } from './modules/sensor-tests/sensor-tests.repository.ts';
import { sensorTestsModule } from './modules/sensor-tests/sensor-tests.routes.ts';
import { createSensorTestsService } from './modules/sensor-tests/sensor-tests.service.ts';
import { createDownlinkQueue, startDownlinkPublisher } from './modules/sensors/downlinks.ts';
import { createSensorsRepository } from './modules/sensors/sensors.repository.ts';
import { sensorsModule } from './modules/sensors/sensors.routes.ts';
import { createSensorsService } from './modules/sensors/sensors.service.ts';
import { createSimulationRepository } from './modules/simulation/simulation.repository.ts';
import {
  type RunningSimulation,
  startSimulation,
} from './modules/simulation/simulation.service.ts';
import { createSubmissionsRepository } from './modules/submissions/submissions.repository.ts';
import { submissionsModule } from './modules/submissions/submissions.routes.ts';
import { createSubmissionsService } from './modules/submissions/submissions.service.ts';
import { buildingCheck } from './modules/surveys/building-check.ts';
import { createInstallersRepository } from './modules/surveys/installers.repository.ts';
import { createInstallersService } from './modules/surveys/installers.service.ts';
import { createShippingRepository } from './modules/surveys/shipping.repository.ts';
import { createShippingService } from './modules/surveys/shipping.service.ts';
import { createSurveysRepository } from './modules/surveys/surveys.repository.ts';
import { surveysModule } from './modules/surveys/surveys.routes.ts';
import { createSurveysService } from './modules/surveys/surveys.service.ts';
import { createEmbeddedStatisticsJob } from './modules/system/embedded-statistics.ts';
import { metricsModule } from './modules/system/metrics.routes.ts';
import { systemModule } from './modules/system/system.routes.ts';
import { createThresholdsRepository } from './modules/thresholds/thresholds.repository.ts';
import { thresholdsModule } from './modules/thresholds/thresholds.routes.ts';
import { createThresholdsService } from './modules/thresholds/thresholds.service.ts';
import { createUploadStore } from './modules/uploads/upload-store.ts';
import { createUploadsRepository } from './modules/uploads/uploads.repository.ts';
import { uploadsModule } from './modules/uploads/uploads.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { createCompanyLogCompactionJob } from './modules/usage/usage.jobs.ts';
import { createUsageRepository } from './modules/usage/usage.repository.ts';
import { usageModule } from './modules/usage/usage.routes.ts';
import { createUsageService } from './modules/usage/usage.service.ts';
import { createContactsRepository } from './modules/users/contacts.repository.ts';
import { contactsModule, userContactsModule } from './modules/users/contacts.routes.ts';
import { createContactsService } from './modules/users/contacts.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { propertyUsersModule, usersModule } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createWebhookDeliveryJob } from './modules/webhooks/webhooks.jobs.ts';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository.ts';
import { webhooksModule } from './modules/webhooks/webhooks.routes.ts';
import { webhookSecretBox } from './modules/webhooks/webhooks.secrets.ts';
import { createWebhookSender } from './modules/webhooks/webhooks.sender.ts';
import { createWebhooks, type Webhooks } from './modules/webhooks/webhooks.service.ts';
import { authPlugin, currentSession } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputPlugin } from './plugins/input.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { webPlugin } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    database: DatabaseHandle;
    /** The one ingest path (MQTT subscriber, simulator, tests). */
    ingest: IngestService;
    /** Leak detection (run by `jobs`; tests call it directly). */
    alerts: AlertEngine;
    /** Alert emails and reminders (reminders run by `jobs`; tests call it directly). */
    alertMail: AlertMail;
    /** Alert texts and their retries (retries run by `jobs`; tests call them directly). */
    alertSms: AlertSms;
    /** Outgoing webhooks (deliveries run by `jobs`; tests call `deliverDue` directly). */
    webhooks: Webhooks;
    /**
     * The background jobs (fleet health, leak detection, alert reminders, usage-log compaction,
     * the simulator when SIMULATE=1). Building the app starts none; main.ts starts them once the
     * server listens and stops them on shutdown (closing the app stops them too).
     */
    jobs: Job;
    /** Resolves once the MQTT subscriber is connected and subscribed (at once without MQTT). */
    mqttReady: () => Promise<void>;
    /** Every route registered, for the OpenAPI and access-table completeness tests. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

export type RegisteredRoute = { method: string; url: string };

export type BuildAppOptions = {
  config: AppConfig;
  /** An already prepared database (tests); otherwise one is opened and prepared from config. */
  database?: DatabaseHandle;
  /** Directory of the built web app; defaults to packages/server/public. */
  webRoot?: string;
  /** Pino logger options; false silences logging (tests). */
  logger?: boolean;
  /** Where log lines are written instead of stdout (tests that read what the log says). */
  logStream?: { write(line: string): void };
  /** Outgoing mail; defaults to SMTP or the DATA_DIR outbox per configuration. */
  mailer?: Mailer;
  /** Heartbeat (and session re-check) interval of live alert streams; tests shorten it. */
  alertStreamHeartbeatMs?: number;
  /**
   * The clock the use figures are read at (statistics, the lists' "this month" and comparison,
   * usage windows); tests stand it at a chosen instant. Defaults to the wall clock.
   */
  figuresClock?: () => Date;
  /** The clock alert texts are queued and retried at (tests step it); defaults to the wall clock. */
  smsClock?: () => Date;
  /** The clock webhook events and deliveries are stamped and timed with; tests stand it still. */
  webhooksClock?: () => Date;
};

export type App = FastifyInstance;

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const app = createServer(options);
  const { database, ownsDatabase } = await openDatabase(app, options);
  await registerPlugins(app, options.config);
  const services = createServices(app, database, options);
  await app.register(
    async (api) => {
      await api.register(authPlugin, {
        prefix: '/api',
        tokens: services.tokens,
        repository: services.authRepository,
        verifyIntegrationKey: services.integrationKeys.verify,
      });
      for (const register of apiModules(services, app.config)) await register(api);
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send({
          statusCode: 404,
          error: 'Not Found',
          message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
        }),
      );
    },
    { prefix: '/api' },
  );
  connectMqtt(app, services);
  await app.register(webPlugin, { root: options.webRoot, analyticsId: options.config.analyticsId });
  const jobs = backgroundJobs(app, services, database, ownsDatabase);
  app.decorate('jobs', jobs);
  app.addHook('preClose', () => jobs.stop());
  return app;
}

/** Fastify with the server's limits, error bodies for what it refuses before routing, and Zod. */
function createServer(options: BuildAppOptions): App {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: REDACTED_LOG_PATHS,
            serializers: { req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // The client address (rate limits, logs) comes from X-Forwarded-For only when the connection
    // is from a proxy named in TRUST_PROXY; by default, the connection's own address.
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    bodyLimit: 1_048_576,
    // Search texts travel in the path: 100 characters may be 900 once percent-encoded.
    routerOptions: { maxParamLength: 1000 },
    // Finish in-flight requests on close; new ones get 503 meanwhile.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { removeAdditional: false } },
    // What Fastify refuses before routing (a path it cannot decode, a path parameter over the
    // length above) is answered in the documented error body, as every other refusal is.
    frameworkErrors: (error, _request, reply) => {
      const messages: Record<string, [number, string, string]> = {
        FST_ERR_BAD_URL: [
          400,
          'Bad Request',
          'The address is not valid: part of its path is not well-formed percent-encoded UTF-8',
        ],
        FST_ERR_MAX_PARAM_LENGTH: [
          414,
          'URI Too Long',
          'A part of the address is longer than the server reads (1,000 characters)',
        ],
      };
      const [statusCode, name, message] = messages[error.code] ?? [
        500,
        'Internal Server Error',
        'The request could not be routed',
      ];
      void reply
        .status(statusCode as never)
        .type('application/json')
        .serializer(JSON.stringify)
        .send({ statusCode, error: name, message } as never);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // No API answer, errors included, is kept by a browser or proxy cache; the web app's files keep
  // their own caching (plugins/web.ts). Live streams set it themselves (alerts.live.ts).
  app.addHook('onSend', async (request, reply, payload) => {
    if (/^\/api(?:[/?]|$)/.test(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  app.decorate('config', config);
  return app;
}

/** The database the options hand over, or one opened, prepared (and seeded for the demo) here. */
async function openDatabase(app: App, options: BuildAppOptions) {
  const { config } = options;
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await createDatabase(
      config.databaseUrl
        ? {
            kind: 'postgres',
            url: config.databaseUrl,
            onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
          }
        : { kind: 'pglite', dataDir: `${config.dataDir}/pglite` },
    ));
  if (ownsDatabase) {
    await prepareDatabase(database);
    if (config.demo) {
      const { seeded } = await seedDemo(database.db);
      if (seeded) app.log.info('demo portfolio created');
    }
  }
  app.decorate('database', database);
  app.decorate('db', database.db);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  // The embedded database answers people's requests before background work (the simulator's
  // history): each request's statements are marked as a request's (db/pglite-thread.ts).
  const { priority } = database;
  if (priority) app.addHook('onRequest', (_request, _reply, done) => priority.asRequest(done));
  return { database, ownsDatabase };
}

/** Security headers, CORS, rate limits, the error bodies, input checks and the OpenAPI document. */
async function registerPlugins(app: App, config: AppConfig) {
  // Page-view analytics (production builds, ANALYTICS_ID set) load gtag.js and report to Google.
  const analyticsHosts = config.analyticsId
    ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com']
    : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...analyticsHosts],
        // MUI's emotion writes style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Survey photos are fetched with the session's token and shown through blob: URLs.
        imgSrc: ["'self'", 'data:', 'blob:', ...analyticsHosts],
        connectSrc: ["'self'", ...analyticsHosts],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(cors, { origin: false });
  await app.register(rateLimit, { global: false });
  await app.register(errorsPlugin);
  await app.register(inputPlugin);
  await app.register(openapiPlugin);
}

type Services = ReturnType<typeof createServices>;

/** The services more than one module, hook or job shares, each built once on the database. */
function createServices(app: App, database: DatabaseHandle, options: BuildAppOptions) {
  const { config } = options;
  const db = database.db;
  const tokens = createTokenService(config.jwtSecret);
  const mailer =
    options.mailer ??
    createMailer(
      { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir },
      app.log,
    );
  const authRepository = createAuthRepository(db);
  // Attempt counters in the database: every replica on it counts in the same windows.
  const rateLimiter = new RateLimiter(createRateLimitRepository(db));
  const usersRepository = createUsersRepository(db);
  // PGlite has one connection: a second writer lane would only wait its turn.
  const ingest = createIngestService(db, {
    lanes: database.driver === 'pglite' ? 1 : DEFAULT_LANES,
  });
  app.decorate('ingest', ingest);
  const figuresClock = options.figuresClock ?? (() => new Date());
  const portfolio = createPortfolioService({
    repository: createPortfolioRepository(db),
    writes: createPortfolioWrites(db),
    now: figuresClock,
  });
  // Alerts: the status service is the one writer of statuses; it and the detection engine publish
  // on the alerts event bus, which the live stream and the alert emails subscribe to.
  const alertEvents = createAlertEvents();
  const alertStatus = createAlertStatus({ db, events: alertEvents });
  const alertEngine = createAlertEngine(db, undefined, alertStatus);
  app.decorate('alerts', alertEngine);
  const alertLive = createAlertLive(database, alertEvents, {
    sessionValid: (token) =>
      currentSession(tokens, authRepository, token).then(
        () => true,
        () => false,
      ),
    ...(options.alertStreamHeartbeatMs ? { heartbeatMs: options.alertStreamHeartbeatMs } : {}),
  });
  app.addHook('onReady', () => alertLive.start());
  app.addHook('preClose', () => alertLive.stop());
  const metrics = measureRequests(app, { db, ingest, liveClients: () => alertLive.clientCount });
  const alerts = createAlertsService({
    repository: createAlertsRepository(db),
    portfolio,
    status: alertStatus,
  });
  const alertMailRepository = createAlertMailRepository(db);
  const alertMail = createAlertMail({
    repository: alertMailRepository,
    alerts,
    mailer,
    appUrl: config.appUrl,
    reminderHours: config.alertReminderHours,
    log: app.log,
  });
  alertEvents.subscribe(alertMail.alertsChanged);
  app.decorate('alertMail', alertMail);
  app.addHook('preClose', () => alertMail.idle());
  const alertSms = createAlertSms({
    repository: createAlertSmsRepository(db, alertMailRepository),
    alerts,
    sender: createSmsSender(config.sms, config.dataDir, app.log),
    appUrl: config.appUrl,
    log: app.log,
    ...(options.smsClock ? { now: options.smsClock } : {}),
  });
  alertEvents.subscribe(alertSms.alertsChanged);
  app.decorate('alertSms', alertSms);
  app.addHook('preClose', () => alertSms.idle());
  const webhooks = createWebhooks({
    db,
    repository: createWebhooksRepository(db),
    alerts,
    secrets: webhookSecretBox(config),
    send: createWebhookSender({
      timeoutMs: config.webhookTimeoutSeconds * 1000,
      allowLoopback: config.webhooksAllowLoopback,
    }),
    appUrl: config.appUrl,
    allowLoopback: config.webhooksAllowLoopback,
    timeoutMs: config.webhookTimeoutSeconds * 1000,
    log: app.log,
    ...(options.webhooksClock ? { now: options.webhooksClock } : {}),
  });
  alertEvents.subscribe(webhooks.alertsChanged);
  app.decorate('webhooks', webhooks);
  app.addHook('preClose', () => webhooks.idle());
  return {
    db,
    tokens,
    mailer,
    authRepository,
    rateLimiter,
    usersRepository,
    integrationKeys: createIntegrationKeys(db),
    ingest,
    figuresClock,
    portfolio,
    alertEngine,
    alertLive,
    metrics,
    alerts,
    alertMail,
    alertSms,
    webhooks,
    flume: createFlume(db, config),
    downlinks: createDownlinkQueue(db),
    log: app.log,
    /** The MQTT subscriber once the app is ready (MQTT_URL set). */
    mqtt: { subscriber: undefined as MqttIngest | undefined },
  };
}

/** Prometheus metrics (GET /api/metrics), measured only when METRICS_TOKEN is set. */
function measureRequests(
  app: App,
  sources: { db: Database; ingest: IngestService; liveClients: () => number },
) {
  if (!app.config.metricsToken) return undefined;
  const metrics = createMetrics({
    liveClients: sources.liveClients,
    poolUse: () => poolUse(sources.db),
  });
  app.addHook('onResponse', async (request, reply) =>
    metrics.request(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime,
    ),
  );
  sources.ingest.onStored((stored) => {
    for (const s of stored) metrics.stored(s.transport, s.count, s.newestMeasuredAt);
  });
  return metrics;
}

/** One API module's registration under /api: every module is registered the same way. */
type ApiModule = (api: App) => Promise<unknown>;

/** `plugin` with its options, as an `ApiModule`. */
function apiModule<O extends FastifyPluginOptions>(
  plugin: FastifyPluginAsyncZod<O>,
  options: FastifyRegisterOptions<O>,
): ApiModule {
  return async (api) => api.register(plugin, options);
}

/** The API modules in the order they are registered, each given the services it needs. */
function apiModules(services: Services, config: AppConfig): ApiModule[] {
  const { db, mailer, portfolio, figuresClock } = services;
  const authService = createAuthService({
    repository: services.authRepository,
    tokens: services.tokens,
    mailer,
    knownDevices: createKnownDevices(config.jwtSecret),
    limiter: services.rateLimiter,
    limits: identityRateLimits(config.loginLimitPerAddress),
    appUrl: config.appUrl,
  });
  const usersService = createUsersService({
    repository: services.usersRepository,
    tokens: services.tokens,
    mailer,
    appUrl: config.appUrl,
  });
  const contactsService = createContactsService({
    repository: createContactsRepository(db, services.usersRepository),
    users: services.usersRepository,
  });
  const surveysRepository = createSurveysRepository(db);
  const surveyBuilding = buildingCheck(surveysRepository);
  const { metrics } = services;
  return [
    apiModule(systemModule, {}),
    apiModule(metricsModule, {
      metrics: config.metricsToken && metrics ? { token: config.metricsToken, metrics } : undefined,
    }),
    apiModule(authModule, { prefix: '/auth', service: authService }),
    apiModule(mfaStatusModule, { prefix: '/users', service: authService }),
    apiModule(usersModule, { prefix: '/users', service: usersService }),
    apiModule(userContactsModule, { prefix: '/users', service: contactsService }),
    apiModule(contactsModule, { prefix: '/notifications', service: contactsService }),
    apiModule(lookupsModule, {}),
    apiModule(locationModule, { prefix: '/location' }),
    apiModule(companiesModule, { prefix: '/companies', service: portfolio }),
    apiModule(propertiesModule, { prefix: '/properties', service: portfolio }),
    apiModule(propertyUsersModule, { prefix: '/properties', service: usersService }),
    apiModule(buildingsModule, { prefix: '/buildings', service: portfolio }),
    apiModule(unitsModule, { prefix: '/units', service: portfolio }),
    apiModule(globalSearchModule, { service: portfolio }),
    apiModule(submissionsModule, {
      service: createSubmissionsService({
        repository: createSubmissionsRepository(db),
        portfolio,
      }),
    }),
    apiModule(sensorsModule, {
      service: createSensorsService({
        db,
        repository: createSensorsRepository(db),
        portfolio,
        downlinks: services.downlinks,
      }),
      downlinks: services.downlinks,
    }),
    apiModule(alertsModule, { service: services.alerts, live: services.alertLive }),
    apiModule(attentionModule, {
      prefix: '/companies',
      service: createAttentionService({
        repository: createAttentionRepository(db),
        alerts: services.alerts,
        portfolio,
      }),
    }),
    apiModule(alertMailModule, { service: services.alertMail }),
    apiModule(usageModule, {
      service: createUsageService({ repository: createUsageRepository(db), now: figuresClock }),
    }),
    apiModule(reportsModule, {
      service: createReportsService({ repository: createReportsRepository(db), now: figuresClock }),
    }),
    apiModule(fleetSettingsModule, { service: createFleetSettings(db) }),
    apiModule(gatewaysModule, {
      prefix: '/gateways',
      service: createGatewaysService({
        repository: createGatewaysRepository(db),
        adminUrlTemplate: config.gatewayAdminUrl,
      }),
    }),
    apiModule(sensorTestsModule, {
      service: createSensorTestsService({ repository: createSensorTestsRepository(db) }),
    }),
    apiModule(thresholdsModule, {
      service: createThresholdsService(createThresholdsRepository(db)),
    }),
    apiModule(surveysModule, {
      surveys: createSurveysService({
        repository: surveysRepository,
        mailer,
        appUrl: config.appUrl,
        log: services.log,
      }),
      installers: createInstallersService({
        repository: createInstallersRepository(db),
        building: surveyBuilding,
      }),
      shipping: createShippingService({
        repository: createShippingRepository(db),
        building: surveyBuilding,
      }),
    }),
    apiModule(flumeModule, { service: services.flume.service }),
    apiModule(eventsModule, { service: createEventsService(createEventsRepository(db)) }),
    async (api) =>
      api.register(uploadsModule, {
        service: createUploadsService({
          repository: createUploadsRepository(db),
          store: await createUploadStore(config.uploads),
        }),
        maxBytes: config.uploadsMaxBytes,
      }),
    apiModule(webhooksModule, { service: services.webhooks }),
    apiModule(integrationKeysModule, {
      prefix: '/integration-keys',
      keys: services.integrationKeys,
      mqttUplinks: () =>
        config.mqttUrl ? (services.mqtt.subscriber?.uplinkQos() ?? []) : undefined,
    }),
    apiModule(ingestModule, {
      prefix: '/ingest',
      service: services.ingest,
      limiter: services.rateLimiter,
      rule: { limit: config.ingestLimitPerMinute, windowSeconds: 60 },
    }),
  ];
}

/** With MQTT_URL: the uplink subscriber and the downlink publisher, from ready to close. */
function connectMqtt(app: App, services: Services) {
  const { config } = app;
  app.decorate('mqttReady', async () => {
    if (!app.config.mqttUrl) return;
    if (!services.mqtt.subscriber) throw new Error('MQTT ingest has not started (app not ready)');
    await services.mqtt.subscriber.ready();
  });
  if (!config.mqttUrl) return;
  const mqttUrl = config.mqttUrl;
  app.addHook('onReady', async () => {
    services.mqtt.subscriber = await startMqttIngest({
      url: mqttUrl,
      topics: config.mqttTopics,
      clientId: config.mqttClientId,
      ingest: services.ingest,
      log: app.log,
    });
  });
  let stopDownlinks: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopDownlinks = await startDownlinkPublisher({
      queue: services.downlinks,
      url: mqttUrl,
      clientId: config.mqttClientId,
      application: config.mqttDownlinkApplication,
      intervalMs: config.downlinkPollSeconds * 1000,
      log: app.log,
    });
  });
  app.addHook('preClose', async () => {
    await services.mqtt.subscriber?.close();
    await stopDownlinks?.();
  });
}

/** The background jobs, built here and started by main.ts only. */
function backgroundJobs(
  app: App,
  services: Services,
  database: DatabaseHandle,
  ownsDatabase: boolean,
): Job {
  const { config } = app;
  const { db } = database;
  const log: JobLog = {
    info: (message) => app.log.info(message),
    warn: (object, message) => app.log.warn(object, message),
    ...(services.metrics ? { run: services.metrics.runJob } : {}),
  };
  return combineJobs([
    // Device-health sweeps (once per period across replicas: lib/jobs.ts `claimEvery`).
    createFleetHealthJob({ db, log, intervalMs: config.deviceHealthSeconds * 1000 }),
    // Leak detection after each ingest batch, and the periodic sweep.
    createAlertJobs({
      engine: services.alertEngine,
      ingest: services.ingest,
      log,
      sweepMs: config.alertSweepSeconds * 1000,
      debounceMs: config.alertDebounceMs,
    }),
    // Reminder emails of alerts that stay New (one check per period across replicas).
    createAlertReminderJob({
      service: services.alertMail,
      reminderHours: config.alertReminderHours,
      log,
    }),
    // Alert texts the provider refused for now, tried again with back-off (once per period).
    createAlertSmsRetryJob({ service: services.alertSms, log }),
    // Flume meters' water (each account claimed by one replica at a time, by advisory lock).
    createFlumeSyncJob({
      sync: services.flume.backgroundSync,
      everyMs: config.flumeSyncMinutes * 60_000,
      // Due accounts are looked for every minute, or every period when that is shorter.
      tickMs: Math.min(60_000, config.flumeSyncMinutes * 60_000),
      log,
    }),
    // Outgoing webhook deliveries and their retries (one round per period across replicas).
    createWebhookDeliveryJob({ service: services.webhooks, log }),
    // Folds the per-company usage logs (usage_company_daily and _hourly).
    createCompanyLogCompactionJob({ db, log, intervalMs: config.usageCompactionSeconds * 1000 }),
    // Raw readings older than RETENTION_MONTHS, by partition (once a day across replicas).
    createRetentionJob({ db, months: config.retentionMonths, log }),
    // The planner's statistics of the embedded database, which runs no autovacuum.
    ...(database.driver === 'pglite'
      ? [
          createEmbeddedStatisticsJob({
            db,
            ...(database.priority ? { priority: database.priority } : {}),
            log,
          }),
        ]
      : []),
    // `npm run backup` of the embedded database while this server holds it (DATA_DIR/backup.sock).
    ...(ownsDatabase && !config.databaseUrl
      ? [createBackupChannel({ db, dataDir: config.dataDir, log })]
      : []),
    // The demo fleet's simulated readings (SIMULATE=1 with DEMO=1).
    createSimulationJob({ config, ingest: services.ingest, database, log }),
  ]);
}

/** The device simulator as a job: feeds the demo fleet's readings through the ingest service. */
/** The Flume module: its service (a person waiting: 429s answered at once) and the job's sync. */
function createFlume(db: Database, config: AppConfig) {
  const accounts = createFlumeRepository(db);
  const secrets = createFlumeSecretBox(flumeSecretKey(config));
  const syncRepository = createFlumeSyncRepository(db);
  const syncWith = (patient: boolean) =>
    createFlumeSync({
      accounts,
      sync: syncRepository,
      secrets,
      connect: flumeConnector(config.flumeApiUrl, patient),
      backfillDays: config.flumeBackfillDays,
    });
  const connect = flumeConnector(config.flumeApiUrl);
  return {
    service: createFlumeService({ repository: accounts, secrets, connect, sync: syncWith(false) }),
    backgroundSync: syncWith(true),
  };
}

function createSimulationJob(options: {
  config: AppConfig;
  ingest: IngestService;
  database: DatabaseHandle;
  log: JobLog;
}): Job {
  const { config, log } = options;
  let simulation: RunningSimulation | undefined;
  return {
    async start() {
      if (!config.simulate || simulation) return;
      if (!config.demo) {
        log.warn({}, 'SIMULATE=1 simulates the demo fleet and needs DEMO=1; simulator not started');
        return;
      }
      const labelsFile = join(config.dataDir, 'simulation', 'leak-labels.json');
      simulation = await startSimulation({
        ingest: (uplinks) => options.ingest.ingest(uplinks),
        repository: createSimulationRepository(options.database.db),
        log,
        labelsFile,
        ...(options.database.priority ? { priority: options.database.priority } : {}),
      });
      log.info(`simulator running; leak labels in ${labelsFile}`);
    },
    async stop() {
      const running = simulation;
      simulation = undefined;
      await running?.stop();
    },
  };
}
