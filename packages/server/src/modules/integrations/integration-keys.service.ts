// Integration API keys (DESIGN section 7): the credentials network-server integrations (ChirpStack,
// The Things Stack, the native batch API) present on ingest calls. A system admin creates one and
// sees it once; only its SHA-256 hash and a short prefix are kept. Revoking is immediate. Each key
// has a scope: the whole fleet (the provider's network server) or one company, whose micrometers
// alone it may write (the ingest service refuses the others).
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { recordEvent } from '../../db/queries/record-event.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { hashSecret } from '../../lib/secrets.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { createIntegrationKeysRepository, type KeyRow } from './integration-keys.repository.ts';

export const KEY_PREFIX = 'fsk_';
/** Visible characters of a key (after `fsk_`) kept to tell keys apart. */
const SHOWN = 8;
/** `last_used_at` is written at most this often per key, not on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** A key that authenticated an ingest call and its scope (`companyId` null: the whole fleet). */
export type VerifiedKey = { readonly id: number; readonly companyId: number | null };

const toKey = (row: KeyRow & { companyName: string | null }) => ({
  id: row.id,
  name: row.name,
  company_id: row.companyId,
  company_name: row.companyName,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

export function createIntegrationKeys(db: Database, now: () => Date = () => new Date()) {
  const verified = new Map<
    string,
    { id: number; companyId: number | null; checkedAt: number; usedAt: number }
  >();
  const CACHE_MS = 5_000;

  const repository = createIntegrationKeysRepository(db);
  const companyNameOf = async (companyId: number | null) =>
    companyId === null ? null : repository.companyName(companyId);

  return {
    list: async () => (await repository.list()).map(toKey),

    async create(scope: Scope, name: string, companyId: number | null) {
      const companyName = await companyNameOf(companyId);
      if (companyId !== null && companyName === null) {
        throw new Invalid(`company_id: company ${companyId} does not exist`);
      }
      const key = `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const row = await repository.insert({
        name,
        companyId,
        prefix: key.slice(0, KEY_PREFIX.length + SHOWN),
        keyHash: hashSecret(key),
        createdBy: scope.userId,
      });
      if (!row) throw new Error('key not created');
      await recordEvent(db, scope, {
        entityType: 'integration_key',
        entityId: row.id,
        action: 'created',
        companyId,
        to: { name, company_id: companyId },
      });
      return { ...toKey({ ...row, companyName }), key };
    },

    async revoke(scope: Scope, id: number) {
      const row = await repository.revoke(id, now());
      if (!row) throw new NotFound('Key not found or already revoked');
      for (const [hash, entry] of verified) if (entry.id === id) verified.delete(hash);
      await recordEvent(db, scope, {
        entityType: 'integration_key',
        entityId: id,
        action: 'revoked',
        companyId: row.companyId,
      });
      return toKey({ ...row, companyName: await companyNameOf(row.companyId) });
    },

    /**
     * The key and its scope when it is known and not revoked. Answers are cached for a few
     * seconds.
     */
    async verify(key: string): Promise<VerifiedKey | null> {
      if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
      const hash = hashSecret(key);
      const at = now().getTime();
      const cached = verified.get(hash);
      if (cached && at - cached.checkedAt < CACHE_MS) {
        return { id: cached.id, companyId: cached.companyId };
      }
      const row = await repository.findActive(hash);
      if (!row) {
        verified.delete(hash);
        return null;
      }
      const usedAt = cached?.usedAt ?? row.lastUsedAt?.getTime() ?? 0;
      if (at - usedAt > LAST_USED_RESOLUTION_MS) {
        await repository.markUsed(row.id, new Date(at));
      }
      verified.set(hash, {
        id: row.id,
        companyId: row.companyId,
        checkedAt: at,
        usedAt: at - usedAt > LAST_USED_RESOLUTION_MS ? at : usedAt,
      });
      return { id: row.id, companyId: row.companyId };
    },
  };
}
export type IntegrationKeys = ReturnType<typeof createIntegrationKeys>;
