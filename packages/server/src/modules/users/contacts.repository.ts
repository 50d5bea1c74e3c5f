// Queries of notification contacts: who is told about alerts in a company, property, building or
// unit, and how. A contact is within reach when its place lies in the caller's scope and its
// person is visible to the caller (`contactsInScope`, the one place scope touches contacts).
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { placeIds, placeNames, placeScope } from '../../db/queries/place-columns.ts';
import { notificationContacts, smsDeliveries } from '../../db/schema/alerts.ts';
import { buildings, companies, properties, units } from '../../db/schema/portfolio.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { Placement } from './placement.ts';
import type { UsersRepository } from './users.repository.ts';
import type { ContactRow, LastText } from './users.schemas.ts';

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

  /** The latest alert text of each contact (the last one queued or tried). */
  async function lastTextsOf(contactIds: readonly number[]): Promise<Map<number, LastText>> {
    if (contactIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([smsDeliveries.contactId], {
        contactId: smsDeliveries.contactId,
        status: smsDeliveries.status,
        attempts: smsDeliveries.attempts,
        error: smsDeliveries.lastError,
        at: smsDeliveries.updatedAt,
      })
      .from(smsDeliveries)
      .where(inArray(smsDeliveries.contactId, [...contactIds]))
      .orderBy(smsDeliveries.contactId, desc(smsDeliveries.updatedAt), desc(smsDeliveries.id));
    return new Map(
      rows.map(({ contactId, at, ...text }) => [contactId, { ...text, at: at.toISOString() }]),
    );
  }

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
    const lastTexts = await lastTextsOf(rows.map((row) => row.id));
    return rows.map(({ createdAt, updatedAt, ...contact }) => ({
      ...contact,
      last_text: lastTexts.get(contact.id) ?? null,
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
