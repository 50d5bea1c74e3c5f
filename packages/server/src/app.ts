// The composition root. Builds the Fastify application: external plugins first (security headers,
// CORS, rate limits, OpenAPI), then the database, the repositories and services, the API modules
// under /api, the web app, and the background jobs (`app.jobs`, started by main.ts only). Used by
// main.ts and by every API test.
import { join } from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import {
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
import { createTokenService } from './lib/tokens.ts';
import { createAlertReminderJob } from './modules/alert-mail/alert-mail.jobs.ts';
import { createAlertMailRepository } from './modules/alert-mail/alert-mail.repository.ts';
import { alertMailModule } from './modules/alert-mail/alert-mail.routes.ts';
import { type AlertMail, createAlertMail } from './modules/alert-mail/alert-mail.service.ts';
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
};

export type App = FastifyInstance;

export async function buildApp(options: BuildAppOptions): Promise<App> {
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
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  // The embedded database answers people's requests before background work (the simulator's
  // history): each request's statements are marked as a request's (db/pglite-thread.ts).
  const { priority } = database;
  if (priority) app.addHook('onRequest', (_request, _reply, done) => priority.asRequest(done));

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

  const tokens = createTokenService(config.jwtSecret);
  const mailer =
    options.mailer ??
    createMailer(
      { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir },
      app.log,
    );
  const authRepository = createAuthRepository(database.db);
  // Attempt counters in the database: every replica on it counts in the same windows.
  const rateLimiter = new RateLimiter(createRateLimitRepository(database.db));
  const authService = createAuthService({
    repository: authRepository,
    tokens,
    mailer,
    knownDevices: createKnownDevices(config.jwtSecret),
    limiter: rateLimiter,
    limits: identityRateLimits(config.loginLimitPerAddress),
    appUrl: config.appUrl,
  });
  const usersRepository = createUsersRepository(database.db);
  const usersService = createUsersService({
    repository: usersRepository,
    tokens,
    mailer,
    appUrl: config.appUrl,
  });
  const contactsService = createContactsService({
    repository: createContactsRepository(database.db, usersRepository),
    users: usersRepository,
  });
  const integrationKeys = createIntegrationKeys(database.db);
  // PGlite has one connection: a second writer lane would only wait its turn.
  const ingestService = createIngestService(database.db, {
    lanes: database.driver === 'pglite' ? 1 : DEFAULT_LANES,
  });
  app.decorate('ingest', ingestService);
  const portfolioRepository = createPortfolioRepository(database.db);
  const figuresClock = options.figuresClock ?? (() => new Date());
  const portfolioService = createPortfolioService({
    repository: portfolioRepository,
    writes: createPortfolioWrites(database.db),
    now: figuresClock,
  });
  const submissionsService = createSubmissionsService({
    repository: createSubmissionsRepository(database.db),
    portfolio: portfolioService,
  });
  // Alerts: the status service is the one writer of statuses; it and the detection engine publish
  // on the alerts event bus, which the live stream and the alert emails subscribe to.
  const alertEvents = createAlertEvents();
  const alertStatus = createAlertStatus({ db: database.db, events: alertEvents });
  const alertEngine = createAlertEngine(database.db, undefined, alertStatus);
  const flume = createFlume(database.db, config);
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
  // Prometheus metrics (GET /api/metrics), measured only when METRICS_TOKEN is set.
  const metrics = config.metricsToken
    ? createMetrics({
        liveClients: () => alertLive.clientCount,
        poolUse: () => poolUse(database.db),
      })
    : undefined;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) =>
      metrics.request(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime,
      ),
    );
    ingestService.onStored((stored) => {
      for (const s of stored) metrics.stored(s.transport, s.count, s.newestMeasuredAt);
    });
  }
  const alertsService = createAlertsService({
    repository: createAlertsRepository(database.db),
    portfolio: portfolioService,
    status: alertStatus,
  });
  const alertMail = createAlertMail({
    repository: createAlertMailRepository(database.db),
    alerts: alertsService,
    mailer,
    appUrl: config.appUrl,
    reminderHours: config.alertReminderHours,
    log: app.log,
  });
  alertEvents.subscribe(alertMail.alertsChanged);
  app.decorate('alertMail', alertMail);
  app.addHook('preClose', () => alertMail.idle());
  const downlinkQueue = createDownlinkQueue(database.db);
  const sensorsService = createSensorsService({
    db: database.db,
    repository: createSensorsRepository(database.db),
    portfolio: portfolioService,
    downlinks: downlinkQueue,
  });

  await app.register(
    async (api) => {
      await api.register(authPlugin, {
        prefix: '/api',
        tokens,
        repository: authRepository,
        verifyIntegrationKey: integrationKeys.verify,
      });
      await api.register(systemModule);
      await api.register(metricsModule, {
        metrics:
          config.metricsToken && metrics ? { token: config.metricsToken, metrics } : undefined,
      });
      await api.register(authModule, { prefix: '/auth', service: authService });
      await api.register(mfaStatusModule, { prefix: '/users', service: authService });
      await api.register(usersModule, { prefix: '/users', service: usersService });
      await api.register(userContactsModule, { prefix: '/users', service: contactsService });
      await api.register(contactsModule, { prefix: '/notifications', service: contactsService });
      await api.register(lookupsModule);
      await api.register(locationModule, { prefix: '/location' });
      await api.register(companiesModule, { prefix: '/companies', service: portfolioService });
      await api.register(propertiesModule, { prefix: '/properties', service: portfolioService });
      await api.register(propertyUsersModule, { prefix: '/properties', service: usersService });
      await api.register(buildingsModule, { prefix: '/buildings', service: portfolioService });
      await api.register(unitsModule, { prefix: '/units', service: portfolioService });
      await api.register(globalSearchModule, { service: portfolioService });
      await api.register(submissionsModule, { service: submissionsService });
      await api.register(sensorsModule, { service: sensorsService, downlinks: downlinkQueue });
      await api.register(alertsModule, { service: alertsService, live: alertLive });
      await api.register(attentionModule, {
        prefix: '/companies',
        service: createAttentionService({
          repository: createAttentionRepository(database.db),
          alerts: alertsService,
          portfolio: portfolioService,
        }),
      });
      await api.register(alertMailModule, { service: alertMail });
      await api.register(usageModule, {
        service: createUsageService({
          repository: createUsageRepository(database.db),
          now: figuresClock,
        }),
      });
      await api.register(reportsModule, {
        service: createReportsService({
          repository: createReportsRepository(database.db),
          now: figuresClock,
        }),
      });
      await api.register(fleetSettingsModule, { service: createFleetSettings(database.db) });
      await api.register(gatewaysModule, {
        prefix: '/gateways',
        service: createGatewaysService({
          repository: createGatewaysRepository(database.db),
          adminUrlTemplate: config.gatewayAdminUrl,
        }),
      });
      await api.register(sensorTestsModule, {
        service: createSensorTestsService({
          repository: createSensorTestsRepository(database.db),
        }),
      });
      await api.register(thresholdsModule, {
        service: createThresholdsService(createThresholdsRepository(database.db)),
      });
      const surveysRepository = createSurveysRepository(database.db);
      const surveyBuilding = buildingCheck(surveysRepository);
      await api.register(surveysModule, {
        surveys: createSurveysService({
          repository: surveysRepository,
          mailer,
          appUrl: config.appUrl,
          log: app.log,
        }),
        installers: createInstallersService({
          repository: createInstallersRepository(database.db),
          building: surveyBuilding,
        }),
        shipping: createShippingService({
          repository: createShippingRepository(database.db),
          building: surveyBuilding,
        }),
      });
      await api.register(flumeModule, { service: flume.service });
      await api.register(eventsModule, {
        service: createEventsService(createEventsRepository(database.db)),
      });
      await api.register(uploadsModule, {
        service: createUploadsService({
          repository: createUploadsRepository(database.db),
          store: await createUploadStore(config.uploads),
        }),
        maxBytes: config.uploadsMaxBytes,
      });
      await api.register(integrationKeysModule, {
        prefix: '/integration-keys',
        keys: integrationKeys,
        mqttUplinks: () => (config.mqttUrl ? (mqttSubscriber?.uplinkQos() ?? []) : undefined),
      });
      await api.register(ingestModule, {
        prefix: '/ingest',
        service: ingestService,
        limiter: rateLimiter,
        rule: { limit: config.ingestLimitPerMinute, windowSeconds: 60 },
      });
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
  let mqttSubscriber: MqttIngest | undefined;
  if (config.mqttUrl) {
    const mqttUrl = config.mqttUrl;
    app.addHook('onReady', async () => {
      mqttSubscriber = await startMqttIngest({
        url: mqttUrl,
        topics: config.mqttTopics,
        clientId: config.mqttClientId,
        ingest: ingestService,
        log: app.log,
      });
    });
    let stopDownlinks: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopDownlinks = await startDownlinkPublisher({
        queue: downlinkQueue,
        url: mqttUrl,
        clientId: config.mqttClientId,
        application: config.mqttDownlinkApplication,
        intervalMs: config.downlinkPollSeconds * 1000,
        log: app.log,
      });
    });
    app.addHook('preClose', async () => {
      await mqttSubscriber?.close();
      await stopDownlinks?.();
    });
  }
  app.decorate('mqttReady', async () => {
    if (!app.config.mqttUrl) return;
    if (!mqttSubscriber) throw new Error('MQTT ingest has not started (app not ready)');
    await mqttSubscriber.ready();
  });
  await app.register(webPlugin, { root: options.webRoot, analyticsId: config.analyticsId });

  const jobLog: JobLog = {
    info: (message) => app.log.info(message),
    warn: (object, message) => app.log.warn(object, message),
    ...(metrics ? { run: metrics.runJob } : {}),
  };
  const jobs = combineJobs([
    // Device-health sweeps (once per period across replicas: lib/jobs.ts `claimEvery`).
    createFleetHealthJob({
      db: database.db,
      log: jobLog,
      intervalMs: config.deviceHealthSeconds * 1000,
    }),
    // Leak detection after each ingest batch, and the periodic sweep.
    createAlertJobs({
      engine: alertEngine,
      ingest: ingestService,
      log: jobLog,
      sweepMs: config.alertSweepSeconds * 1000,
      debounceMs: config.alertDebounceMs,
    }),
    // Reminder emails of alerts that stay New (one check per period across replicas).
    createAlertReminderJob({
      service: alertMail,
      reminderHours: config.alertReminderHours,
      log: jobLog,
    }),
    // Flume meters' water (each account claimed by one replica at a time, by advisory lock).
    createFlumeSyncJob({
      sync: flume.backgroundSync,
      everyMs: config.flumeSyncMinutes * 60_000,
      // Due accounts are looked for every minute, or every period when that is shorter.
      tickMs: Math.min(60_000, config.flumeSyncMinutes * 60_000),
      log: jobLog,
    }),
    // Folds the per-company usage logs (usage_company_daily and _hourly).
    createCompanyLogCompactionJob({
      db: database.db,
      log: jobLog,
      intervalMs: config.usageCompactionSeconds * 1000,
    }),
    // Raw readings older than RETENTION_MONTHS, by partition (once a day across replicas).
    createRetentionJob({ db: database.db, months: config.retentionMonths, log: jobLog }),
    // The planner's statistics of the embedded database, which runs no autovacuum.
    ...(database.driver === 'pglite'
      ? [
          createEmbeddedStatisticsJob({
            db: database.db,
            ...(database.priority ? { priority: database.priority } : {}),
            log: jobLog,
          }),
        ]
      : []),
    // `npm run backup` of the embedded database while this server holds it (DATA_DIR/backup.sock).
    ...(ownsDatabase && !config.databaseUrl
      ? [createBackupChannel({ db: database.db, dataDir: config.dataDir, log: jobLog })]
      : []),
    // The demo fleet's simulated readings (SIMULATE=1 with DEMO=1).
    createSimulationJob({ config, ingest: ingestService, database, log: jobLog }),
  ]);
  app.decorate('jobs', jobs);
  app.addHook('preClose', () => jobs.stop());
  return app;
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
