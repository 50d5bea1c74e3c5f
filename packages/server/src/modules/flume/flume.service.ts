// Decisions of the Flume account calls: an account is added only once Flume accepts
// its credentials, and keeps the meters Flume lists; testing it again refreshes them and records
// the outcome in words; a meter is linked to at most one building, of the account's company.
// Secrets are sealed before they are stored and opened only to call Flume; no answer carries them.
import { Conflict, Invalid, NotFound, TooManyRequests } from '../../lib/errors.ts';
import { placeCheck, requireActsAt, type Scope } from '../../lib/tenant-scope.ts';
import { iso } from '../../lib/timestamps.ts';
import {
  createFlumeClient,
  type FlumeClient,
  type FlumeCredentials,
  FlumeError,
} from './flume.client.ts';
import type {
  FlumeAccountRow,
  FlumeDeviceRow,
  FlumeRepository,
  FoundDevice,
} from './flume.repository.ts';
import type { FlumeAccount, FlumeAccountInput } from './flume.schemas.ts';
import { credentialsRefused, type FlumeSync } from './flume.sync.ts';
import type { FlumeSecretBox } from './flume-secrets.ts';
import { FlumeSecretError } from './flume-secrets.ts';

/** Flume's device type of the meter on the water line (1 is its bridge). */
const METER_TYPE = 2;

export const flumeMessages = {
  accountNotFound: 'Flume account not found',
  deviceNotFound: 'Flume meter not found',
  companyNotFound: 'Company not found',
  alreadyLinked: 'This Flume account is already linked',
  otherCompany: "The building is not of the Flume account's company",
  buildingTaken: 'Another Flume meter is already linked to this building',
  mainLineMeasured: (building: string) =>
    `${building} already has a main-line micrometer: a Flume meter there would count its water twice. Take the micrometer off the main line first.`,
  syncRunning: 'A sync of this Flume account is already running; try again in a minute',
};

type Dependencies = {
  repository: FlumeRepository;
  secrets: FlumeSecretBox;
  /** A client of Flume for these credentials (one try on a 429: a person is waiting). */
  connect: (credentials: FlumeCredentials) => FlumeClient;
  /** The sync, with the same impatient client, for "Sync now". */
  sync: FlumeSync;
  now?: () => Date;
};

/**
 * The clients the app uses: Flume at `baseUrl`; for a person waiting a 429 is answered at once,
 * for the background sync it is waited out (`patient`).
 */
export const flumeConnector =
  (baseUrl: string, patient = false) =>
  (credentials: FlumeCredentials): FlumeClient =>
    createFlumeClient({ baseUrl, credentials, ...(patient ? {} : { maxTries: 1 }) });

function toDevice({ account_id: _, ...row }: FlumeDeviceRow) {
  return { ...row, last_sync_at: iso(row.last_sync_at) };
}

function toAccount(row: FlumeAccountRow, devices: readonly FlumeDeviceRow[]): FlumeAccount {
  return {
    ...row,
    connected_at: iso(row.connected_at),
    last_sync_at: iso(row.last_sync_at),
    last_error_at: iso(row.last_error_at),
    created_at: row.created_at.toISOString(),
    devices: devices.filter((device) => device.account_id === row.id).map(toDevice),
  };
}

/** A failure of Flume as the caller sees it: Flume's words, 429 when it asks to wait. */
function refusal(error: FlumeError) {
  if (error.kind === 'rate-limited') {
    return new TooManyRequests(error.message, Math.ceil((error.retryAfterMs ?? 30_000) / 1000));
  }
  return new Invalid(error.message);
}

/** Signs in to Flume and lists the account's meters. */
async function discover(client: FlumeClient) {
  const token = await client.token();
  const devices: FoundDevice[] = (await client.devices())
    .filter((device) => device.type === METER_TYPE)
    .map((device) => ({
      externalDeviceId: device.id,
      location: device.locationId === undefined ? null : String(device.locationId),
    }));
  return { userId: token.userId, devices };
}

export function createFlumeService({
  repository,
  secrets,
  connect,
  sync,
  now = () => new Date(),
}: Dependencies) {
  async function requireAccount(scope: Scope, id: number) {
    const account = await repository.account(scope, id);
    if (!account) throw new NotFound(flumeMessages.accountNotFound);
    return account;
  }

  // The shared "place within my scope" check on this module's building lookup.
  const checkPlace = placeCheck((scope, _level, id) => repository.building(scope, id));
  const requireBuilding = (scope: Scope, id: number) => checkPlace(scope, 'building', id);

  async function view(scope: Scope, id: number): Promise<FlumeAccount> {
    const account = await requireAccount(scope, id);
    return toAccount(account, await repository.devices([id]));
  }

  /** The stored credentials, opened; a secret that cannot be opened is said in words. */
  async function credentialsOf(id: number): Promise<FlumeCredentials> {
    const sealed = await repository.credentials(id);
    if (!sealed) throw new NotFound(flumeMessages.accountNotFound);
    return {
      clientId: sealed.clientId,
      clientSecret: secrets.open(sealed.clientSecretSealed),
      username: sealed.username,
      password: secrets.open(sealed.passwordSealed),
    };
  }

  return {
    async accounts(scope: Scope): Promise<FlumeAccount[]> {
      const accounts = await repository.accounts(scope);
      const devices = await repository.devices(accounts.map((account) => account.id));
      return accounts.map((account) => toAccount(account, devices));
    },

    /** Adds the account once Flume accepts its credentials, with the meters Flume lists. */
    async add(scope: Scope, body: FlumeAccountInput): Promise<FlumeAccount> {
      if (!(await repository.company(scope, body.company_id))) {
        throw new NotFound(flumeMessages.companyNotFound);
      }
      requireActsAt(scope, 'company');
      const credentials = {
        clientId: body.client_id,
        clientSecret: body.client_secret,
        username: body.username,
        password: body.password,
      };
      const found = await discover(connect(credentials)).catch((error: unknown) => {
        throw error instanceof FlumeError ? refusal(error) : error;
      });
      if ((await repository.accountOfUser(found.userId)) !== undefined) {
        throw new Conflict(flumeMessages.alreadyLinked);
      }
      const id = await repository.transaction(async (tx) => {
        const created = await repository.insertAccount(
          {
            companyId: body.company_id,
            name: body.name,
            flumeUserId: found.userId,
            clientId: body.client_id,
            clientSecretSealed: secrets.seal(body.client_secret),
            username: body.username,
            passwordSealed: secrets.seal(body.password),
            createdBy: scope.userId,
            at: now(),
          },
          tx,
        );
        await repository.replaceDevices(
          { id: created, companyId: body.company_id },
          found.devices,
          tx,
        );
        return created;
      });
      return view(scope, id);
    },

    /** Signs in again and refreshes the meters; the outcome is kept and shown in words. */
    async test(scope: Scope, id: number): Promise<FlumeAccount> {
      const account = await requireAccount(scope, id);
      try {
        const found = await discover(connect(await credentialsOf(id)));
        await repository.transaction(async (tx) => {
          await repository.replaceDevices({ id, companyId: account.company_id }, found.devices, tx);
          await repository.recordConnected(id, now(), tx);
        });
      } catch (error) {
        if (!(error instanceof FlumeError || error instanceof FlumeSecretError)) throw error;
        await repository.recordError(id, error.message, now(), credentialsRefused(error));
      }
      return view(scope, id);
    },

    /** Links a meter to a building of the account's company, or unlinks it (null). */
    async link(
      scope: Scope,
      id: number,
      deviceId: number,
      buildingId: number | null,
    ): Promise<FlumeAccount> {
      const account = await requireAccount(scope, id);
      if (!(await repository.device(id, deviceId)))
        throw new NotFound(flumeMessages.deviceNotFound);
      if (buildingId !== null) {
        const building = await requireBuilding(scope, buildingId);
        if (building.company_id !== account.company_id)
          throw new Invalid(flumeMessages.otherCompany);
        const taken = await repository.deviceOfBuilding(buildingId);
        if (taken && taken.id !== deviceId) throw new Conflict(flumeMessages.buildingTaken);
        // Water accounting adds a building's main lines: one pipe measured twice would double.
        if (await repository.hasMainLineMicrometer(buildingId)) {
          throw new Conflict(flumeMessages.mainLineMeasured(building.name));
        }
      }
      await repository.linkDevice(deviceId, buildingId);
      return view(scope, id);
    },

    /** Syncs the account's linked meters now; Flume's failure is kept on the account, in words. */
    async syncNow(scope: Scope, id: number): Promise<FlumeAccount> {
      await requireAccount(scope, id);
      if ((await sync.account(id)) === null) throw new Conflict(flumeMessages.syncRunning);
      return view(scope, id);
    },

    /** The meter linked to a building in scope (null when none), for the building page. */
    async meterOfBuilding(scope: Scope, buildingId: number) {
      const building = await requireBuilding(scope, buildingId);
      const meter = await repository.meterOfBuilding(building.id);
      return { meter: meter ? { ...meter, last_sync_at: iso(meter.last_sync_at) } : null };
    },

    async remove(scope: Scope, id: number): Promise<FlumeAccount> {
      const removed = await view(scope, id);
      await repository.transaction((tx) => repository.deleteAccount(id, tx));
      return removed;
    },

    /** Whether a meter of the account is linked to the building (404 for a building out of scope). */
    async connected(scope: Scope, buildingId: number, accountId: number) {
      const building = await requireBuilding(scope, buildingId);
      return { connected: await repository.linked(building.id, accountId) };
    },
  };
}
export type FlumeService = ReturnType<typeof createFlumeService>;
