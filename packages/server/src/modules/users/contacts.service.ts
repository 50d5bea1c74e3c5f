// Notification contacts of a person: where alerts of a company, property, building or unit are
// sent and how. The person must be visible to the caller and the place inside the caller's scope.
import { emailSchema } from '@flowsight/domain/auth';
import { NotificationMethod } from '@flowsight/domain/lookups';
import { e164PhoneNumber, PHONE_NUMBER_HINT } from '@flowsight/domain/phone-numbers';
import { Invalid, NotFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { ContactsRepository, ContactValues } from './contacts.repository.ts';
import { deepestLevel, type PlacementIds, resolvePlacement } from './placement.ts';
import type { UsersRepository } from './users.repository.ts';
import type { ContactRow, CreateContactInput, UpdateContactInput } from './users.schemas.ts';
import { DELETED } from './users.service.ts';

/**
 * The destination in its stored form (a phone number in E.164), checked against the method that
 * will use it.
 */
function checkedDestination(methodId: number, destination: string): string {
  if (methodId === NotificationMethod.Email) {
    const email = emailSchema.safeParse(destination);
    if (!email.success)
      throw new Invalid('destination must be an email address for the Email method');
    return email.data;
  }
  if (methodId === NotificationMethod.Sms) {
    const number = e164PhoneNumber(destination);
    if (number === null)
      throw new Invalid(`destination must be ${PHONE_NUMBER_HINT} for the SMS method`);
    return number;
  }
  return destination;
}

type Dependencies = {
  repository: ContactsRepository;
  users: UsersRepository;
  now?: () => Date;
};

export function createContactsService(deps: Dependencies) {
  const { repository, users } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireVisibleUser(scope: Scope, userId: number) {
    if (!(await users.findUser(scope, userId))) throw new NotFound('User not found');
  }

  async function requireContact(scope: Scope, id: number): Promise<ContactRow> {
    const contact = await repository.findContact(scope, id);
    if (!contact) throw new NotFound('Notification contact not found');
    return contact;
  }

  async function contactValues(
    scope: Scope,
    ids: PlacementIds,
    methodId: number,
    destination: string,
    enabled: boolean,
  ): Promise<ContactValues> {
    const level = deepestLevel(ids) ?? 'company';
    const placement = await resolvePlacement(users.findPlacement, scope, level, ids);
    return {
      ...placement,
      notificationMethodId: methodId,
      destination: checkedDestination(methodId, destination),
      enabled,
    };
  }

  return {
    async contactsOf(scope: Scope, userId: number): Promise<ContactRow[]> {
      await requireVisibleUser(scope, userId);
      return repository.contactsOf(scope, userId);
    },

    get: requireContact,

    async create(scope: Scope, userId: number, input: CreateContactInput): Promise<ContactRow> {
      await requireVisibleUser(scope, userId);
      const values = await contactValues(
        scope,
        input,
        input.notification_method_id,
        input.destination,
        input.enabled ?? true,
      );
      return requireContact(scope, await repository.createContact(userId, values, now()));
    },

    /**
     * Changes a contact. A body naming any of company_id, property_id, building_id or unit_id gives
     * the whole new place (company_id defaults to the current one; ids left out are cleared).
     */
    async update(scope: Scope, id: number, input: UpdateContactInput): Promise<ContactRow> {
      const current = await requireContact(scope, id);
      const moves =
        input.company_id !== undefined ||
        input.property_id !== undefined ||
        input.building_id !== undefined ||
        input.unit_id !== undefined;
      const ids: PlacementIds = moves
        ? {
            company_id: input.company_id ?? current.company_id,
            property_id: input.property_id ?? null,
            building_id: input.building_id ?? null,
            unit_id: input.unit_id ?? null,
          }
        : current;
      const values = await contactValues(
        scope,
        ids,
        input.notification_method_id ?? current.notification_method_id,
        input.destination ?? current.destination,
        input.enabled ?? current.enabled,
      );
      await repository.updateContact(id, values, now());
      return requireContact(scope, id);
    },

    async remove(scope: Scope, id: number) {
      await requireContact(scope, id);
      await repository.deleteContact(id);
      return { message: DELETED };
    },
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;
