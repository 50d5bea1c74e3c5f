// Queries of Flume accounts (`external_flow_accounts`, provider 'flume') and their meters
// (`external_flow_devices`): the accounts and buildings in the caller's scope, the sealed
// secrets the service opens to call Flume, the devices found, their links to buildings and the
// outcome of the last call. Every method takes an optional transaction (`tx ?? db`).
import { supplyMeterTypes } from '@flowsight/domain/water-accounting';
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { visiblePlaces } from '../../db/queries/places.ts';
import { scopeCondition } from '../../db/queries/scope-condition.ts';
import { sensors } from '../../db/schema/fleet.ts';
import { externalFlowAccounts, externalFlowDevices } from '../../db/schema/operations.ts';
import { buildings, companies } from '../../db/schema/portfolio.ts';
import { type Scope, scopeLevel, seesEverything } from '../../lib/tenant-scope.ts';

const PROVIDER = 'flume';

const accountColumns = {
  id: externalFlowAccounts.id,
  company_id: externalFlowAccounts.companyId,
  company_name: companies.name,
  name: externalFlowAccounts.name,
  flume_user_id: externalFlowAccounts.externalAccountId,
  client_id: externalFlowAccounts.clientId,
  username: externalFlowAccounts.username,
  connected_at: externalFlowAccounts.connectedAt,
  last_sync_at: externalFlowAccounts.lastSyncAt,
  last_error: externalFlowAccounts.lastError,
  last_error_at: externalFlowAccounts.lastErrorAt,
  created_at: externalFlowAccounts.createdAt,
};
/** An account as it may be shown: never its secrets. */
export type FlumeAccountRow = {
  id: number;
  company_id: number;
  company_name: string;
  name: string;
  flume_user_id: string;
  client_id: string;
  username: string;
  connected_at: Date | null;
  last_sync_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  created_at: Date;
};
/** What calling Flume for an account needs, secrets still sealed. */
export type SealedCredentials = {
  clientId: string;
  clientSecretSealed: string;
  username: string;
  passwordSealed: string;
};
export type FlumeDeviceRow = {
  id: number;
  account_id: number;
  device_id: string;
  name: string | null;
  location: string | null;
  time_zone: string | null;
  building_id: number | null;
  building_name: string | null;
  last_sync_at: Date | null;
};
/** A meter as Flume lists it, to store. */
export type FoundDevice = { externalDeviceId: string; location: string | null };
export type NewAccount = SealedCredentials & {
  companyId: number;
  name: string;
  flumeUserId: string;
  createdBy: number;
  at: Date;
};

const deviceColumns = {
  id: externalFlowDevices.id,
  account_id: externalFlowDevices.accountId,
  device_id: externalFlowDevices.externalDeviceId,
  name: externalFlowDevices.name,
  location: externalFlowDevices.location,
  time_zone: externalFlowDevices.timeZone,
  building_id: externalFlowDevices.buildingId,
  building_name: buildings.name,
  last_sync_at: externalFlowDevices.lastSyncAt,
};

/**
 * The Flume accounts of the scope. An account belongs to its company: a role over the whole
 * company sees them all; a role narrowed to a property or a building only one that sits on a
 * building inside its part, never one sitting on no building (it may read meters of any property).
 */
const accountsInScope = (scope: Scope) =>
  and(
    eq(externalFlowAccounts.provider, PROVIDER),
    scopeCondition(scope, { companyId: externalFlowAccounts.companyId }),
    seesEverything(scope) || scopeLevel(scope) === 'company'
      ? undefined
      : sql`${externalFlowAccounts.buildingId} in (
          select ${buildings.id} from ${buildings} where ${visiblePlaces('building', scope)})`,
  );

export function createFlumeRepository(db: Database) {
  return {
    accounts(scope: Scope, tx?: Executor): Promise<FlumeAccountRow[]> {
      return (tx ?? db)
        .select(accountColumns)
        .from(externalFlowAccounts)
        .innerJoin(companies, eq(companies.id, externalFlowAccounts.companyId))
        .where(accountsInScope(scope))
        .orderBy(asc(companies.name), asc(externalFlowAccounts.name), asc(externalFlowAccounts.id));
    },

    /** The account when it lies in the caller's scope. */
    async account(scope: Scope, id: number, tx?: Executor): Promise<FlumeAccountRow | undefined> {
      const [row] = await (tx ?? db)
        .select(accountColumns)
        .from(externalFlowAccounts)
        .innerJoin(companies, eq(companies.id, externalFlowAccounts.companyId))
        .where(and(eq(externalFlowAccounts.id, id), accountsInScope(scope)));
      return row;
    },

    async credentials(id: number, tx?: Executor): Promise<SealedCredentials | undefined> {
      const [row] = await (tx ?? db)
        .select({
          clientId: externalFlowAccounts.clientId,
          clientSecretSealed: externalFlowAccounts.clientSecretSealed,
          username: externalFlowAccounts.username,
          passwordSealed: externalFlowAccounts.passwordSealed,
        })
        .from(externalFlowAccounts)
        .where(eq(externalFlowAccounts.id, id));
      return row;
    },

    /** The account already linked to this Flume user, in any company. */
    async accountOfUser(flumeUserId: string, tx?: Executor): Promise<number | undefined> {
      const [row] = await (tx ?? db)
        .select({ id: externalFlowAccounts.id })
        .from(externalFlowAccounts)
        .where(
          and(
            eq(externalFlowAccounts.provider, PROVIDER),
            eq(externalFlowAccounts.externalAccountId, flumeUserId),
          ),
        );
      return row?.id;
    },

    devices(accountIds: readonly number[], tx?: Executor): Promise<FlumeDeviceRow[]> {
      if (accountIds.length === 0) return Promise.resolve([]);
      return (tx ?? db)
        .select(deviceColumns)
        .from(externalFlowDevices)
        .leftJoin(buildings, eq(buildings.id, externalFlowDevices.buildingId))
        .where(inArray(externalFlowDevices.accountId, [...accountIds]))
        .orderBy(asc(externalFlowDevices.id));
    },

    async device(accountId: number, id: number, tx?: Executor) {
      const [row] = await (tx ?? db)
        .select(deviceColumns)
        .from(externalFlowDevices)
        .leftJoin(buildings, eq(buildings.id, externalFlowDevices.buildingId))
        .where(and(eq(externalFlowDevices.id, id), eq(externalFlowDevices.accountId, accountId)));
      return row;
    },

    /** The building when it lies in the caller's scope. */
    async building(scope: Scope, id: number, tx?: Executor) {
      const [row] = await (tx ?? db)
        .select({ id: buildings.id, company_id: buildings.companyId, name: buildings.name })
        .from(buildings)
        .where(and(eq(buildings.id, id), visiblePlaces('building', scope)));
      return row;
    },

    /** The company when it lies in the caller's scope. */
    async company(scope: Scope, id: number, tx?: Executor) {
      const [row] = await (tx ?? db)
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, id), visiblePlaces('company', scope)));
      return row;
    },

    /** Whether a micrometer placed in the building measures its main line. */
    async hasMainLineMicrometer(buildingId: number, tx?: Executor): Promise<boolean> {
      const [row] = await (tx ?? db)
        .select({ id: sensors.id })
        .from(sensors)
        .where(
          and(
            eq(sensors.buildingId, buildingId),
            isNotNull(sensors.unitId),
            inArray(sensors.applianceTypeId, [...supplyMeterTypes]),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The device linked to the building, in any account. */
    async deviceOfBuilding(buildingId: number, tx?: Executor) {
      const [row] = await (tx ?? db)
        .select({ id: externalFlowDevices.id, account_id: externalFlowDevices.accountId })
        .from(externalFlowDevices)
        .where(eq(externalFlowDevices.buildingId, buildingId));
      return row;
    },

    async insertAccount(values: NewAccount, tx?: Executor): Promise<number> {
      const [row] = await (tx ?? db)
        .insert(externalFlowAccounts)
        .values({
          companyId: values.companyId,
          provider: PROVIDER,
          externalAccountId: values.flumeUserId,
          name: values.name,
          clientId: values.clientId,
          clientSecretSealed: values.clientSecretSealed,
          username: values.username,
          passwordSealed: values.passwordSealed,
          connectedAt: values.at,
          createdBy: values.createdBy,
        })
        .returning({ id: externalFlowAccounts.id });
      if (!row) throw new Error('Flume account not inserted');
      return row.id;
    },

    /** Keeps the meters Flume lists now: new ones added, gone ones (and their links) removed. */
    async replaceDevices(
      account: { id: number; companyId: number },
      found: readonly FoundDevice[],
      tx?: Executor,
    ) {
      const run = tx ?? db;
      const ids = found.map((device) => device.externalDeviceId);
      await run
        .delete(externalFlowDevices)
        .where(
          and(
            eq(externalFlowDevices.accountId, account.id),
            ids.length > 0 ? notInArray(externalFlowDevices.externalDeviceId, ids) : undefined,
          ),
        );
      for (const device of found) {
        await run
          .insert(externalFlowDevices)
          .values({
            companyId: account.companyId,
            accountId: account.id,
            externalDeviceId: device.externalDeviceId,
            location: device.location,
          })
          .onConflictDoUpdate({
            target: [externalFlowDevices.accountId, externalFlowDevices.externalDeviceId],
            set: { location: device.location },
          });
      }
    },

    /** A call to Flume worked: the error is cleared. */
    recordConnected(id: number, at: Date, tx?: Executor) {
      return (tx ?? db)
        .update(externalFlowAccounts)
        .set({ connectedAt: at, lastError: null, lastErrorAt: null, credentialsRefused: false })
        .where(eq(externalFlowAccounts.id, id));
    },

    /** A call to Flume failed: its words, and whether Flume refused the credentials. */
    recordError(id: number, words: string, at: Date, refused = false, tx?: Executor) {
      return (tx ?? db)
        .update(externalFlowAccounts)
        .set({ lastError: words, lastErrorAt: at, credentialsRefused: refused })
        .where(eq(externalFlowAccounts.id, id));
    },

    linkDevice(id: number, buildingId: number | null, tx?: Executor) {
      return (tx ?? db)
        .update(externalFlowDevices)
        .set({ buildingId })
        .where(eq(externalFlowDevices.id, id));
    },

    async deleteAccount(id: number, tx?: Executor) {
      const run = tx ?? db;
      await run.delete(externalFlowDevices).where(eq(externalFlowDevices.accountId, id));
      await run.delete(externalFlowAccounts).where(eq(externalFlowAccounts.id, id));
    },

    /** Whether a meter of the account is linked to the building. */
    async linked(buildingId: number, accountId: number, tx?: Executor): Promise<boolean> {
      const [row] = await (tx ?? db)
        .select({ id: externalFlowDevices.id })
        .from(externalFlowDevices)
        .where(
          and(
            eq(externalFlowDevices.buildingId, buildingId),
            eq(externalFlowDevices.accountId, accountId),
          ),
        );
      return row !== undefined;
    },

    /** The meter linked to the building, with its account's name and state. */
    async meterOfBuilding(buildingId: number, tx?: Executor) {
      const [row] = await (tx ?? db)
        .select({
          account_id: externalFlowAccounts.id,
          account_name: externalFlowAccounts.name,
          device_id: externalFlowDevices.externalDeviceId,
          last_sync_at: externalFlowDevices.lastSyncAt,
          last_error: externalFlowAccounts.lastError,
        })
        .from(externalFlowDevices)
        .innerJoin(externalFlowAccounts, eq(externalFlowAccounts.id, externalFlowDevices.accountId))
        .where(eq(externalFlowDevices.buildingId, buildingId));
      return row;
    },

    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),
  };
}
export type FlumeRepository = ReturnType<typeof createFlumeRepository>;
