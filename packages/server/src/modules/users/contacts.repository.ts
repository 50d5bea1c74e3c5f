// Queries of notification contacts: who is told about alerts in a company, property, building or
// unit, and how. A contact is within reach when its place lies in the caller's scope and its
// person is visible to the caller (`contactsInScope`, the one place scope touches contacts).
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { placeIds, placeNames, placeScope } from '../../db/queries/place-columns.ts';
import { notificationContacts } from '../../db/schema/alerts.ts';
import { buildings, companies, properties, units } from '../../db/schema/portfolio.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { Placement } from './placement.ts';
import type { UsersRepository } from './users.repository.ts';
import type { ContactRow } from './users.schemas.ts';

const contactColumns = {
  id: notificationContacts.id,
  user_id: notificationContacts.userId,
  ...placeIds(notificationContacts),
  ...placeNames,
  notification_method_id: notificationContacts.notificationMethodId,
  destination: notificationContacts.destination,
  enabled: notificationContacts.enabled,
  createdAt: notificationContacts.createdAt,
  updatedAt: notificationContacts.updatedAt,
};

export type ContactValues = Placement & {
  notificationMethodId: number;
  destination: string;
  enabled: boolean;
};

export function createContactsRepository(db: Database, usersRepository: UsersRepository) {
  const contactsInScope = (scope: Scope) =>
    and(
      placeScope(scope, notificationContacts),
      usersRepository.userIsVisible(scope, notificationContacts.userId),
    );

  async function select(scope: Scope, where: SQL): Promise<ContactRow[]> {
    const rows = await db
      .select(contactColumns)
      .from(notificationContacts)
      .leftJoin(companies, eq(companies.id, notificationContacts.companyId))
      .leftJoin(properties, eq(properties.id, notificationContacts.propertyId))
      .leftJoin(buildings, eq(buildings.id, notificationContacts.buildingId))
      .leftJoin(units, eq(units.id, notificationContacts.unitId))
      .where(and(where, contactsInScope(scope)))
      .orderBy(asc(notificationContacts.id));
    return rows.map(({ createdAt, updatedAt, ...contact }) => ({
      ...contact,
      created_at: createdAt.toISOString(),
      updated_at: updatedAt.toISOString(),
    }));
  }

  return {
    contactsOf: (scope: Scope, userId: number) =>
      select(scope, eq(notificationContacts.userId, userId)),

    async findContact(scope: Scope, id: number): Promise<ContactRow | undefined> {
      const [contact] = await select(scope, eq(notificationContacts.id, id));
      return contact;
    },

    async createContact(userId: number, values: ContactValues, now: Date): Promise<number> {
      const [created] = await db
        .insert(notificationContacts)
        .values({ userId, ...values, createdAt: now, updatedAt: now })
        .returning({ id: notificationContacts.id });
      if (!created) throw new Error('inserting a notification contact returned no row');
      return created.id;
    },

    async updateContact(id: number, values: ContactValues, now: Date): Promise<void> {
      await db
        .update(notificationContacts)
        .set({ ...values, updatedAt: now })
        .where(eq(notificationContacts.id, id));
    },

    async deleteContact(id: number): Promise<void> {
      await db.delete(notificationContacts).where(eq(notificationContacts.id, id));
    },
  };
}
export type ContactsRepository = ReturnType<typeof createContactsRepository>;
