// The integration API keys table: the only place of this module that knows the ORM.
import { and, desc, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { integrationApiKeys } from '../../db/schema/operations.ts';
import { companies } from '../../db/schema/portfolio.ts';

export type KeyRow = typeof integrationApiKeys.$inferSelect;
export type NewKeyRow = typeof integrationApiKeys.$inferInsert;

export function createIntegrationKeysRepository(db: Database) {
  return {
    /** Every key, newest first, with the name of the company it is scoped to. */
    list: () =>
      db
        .select({ ...getTableColumns(integrationApiKeys), companyName: companies.name })
        .from(integrationApiKeys)
        .leftJoin(companies, eq(companies.id, integrationApiKeys.companyId))
        .orderBy(desc(integrationApiKeys.createdAt)),

    /** A company's name, or null when it does not exist. */
    async companyName(companyId: number): Promise<string | null> {
      const [company] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId));
      return company?.name ?? null;
    },

    async insert(values: NewKeyRow): Promise<KeyRow | undefined> {
      const [row] = await db.insert(integrationApiKeys).values(values).returning();
      return row;
    },

    /** Revokes a key not revoked yet; undefined when there is none. */
    async revoke(id: number, at: Date): Promise<KeyRow | undefined> {
      const [row] = await db
        .update(integrationApiKeys)
        .set({ revokedAt: at })
        .where(and(eq(integrationApiKeys.id, id), isNull(integrationApiKeys.revokedAt)))
        .returning();
      return row;
    },

    /** The unrevoked key with this hash. */
    async findActive(keyHash: string) {
      const [row] = await db
        .select({
          id: integrationApiKeys.id,
          companyId: integrationApiKeys.companyId,
          lastUsedAt: integrationApiKeys.lastUsedAt,
        })
        .from(integrationApiKeys)
        .where(and(eq(integrationApiKeys.keyHash, keyHash), isNull(integrationApiKeys.revokedAt)));
      return row;
    },

    async markUsed(id: number, at: Date): Promise<void> {
      await db
        .update(integrationApiKeys)
        .set({ lastUsedAt: at })
        .where(eq(integrationApiKeys.id, id));
    },
  };
}
