// Leak and device alerts ("notifications"), who is told about them, the signed email actions,
// and the event log of every transition.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { gateways, sensors } from './fleet.ts';
import { userRoles, users } from './identity.ts';
import {
  applianceTypes,
  notificationCategories,
  notificationMethods,
  notificationStatuses,
  notificationTypes,
  roomTypes,
} from './lookups.ts';
import { placeRefsBelowCompany } from './place-refs.ts';
import { companyRef } from './portfolio.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    ...placeRefsBelowCompany(),
    sensorId: integer('sensor_id').references(() => sensors.id, { onDelete: 'set null' }),
    gatewayId: integer('gateway_id').references(() => gateways.id, { onDelete: 'set null' }),
    applianceTypeId: smallint('appliance_type_id').references(() => applianceTypes.id),
    roomTypeId: smallint('room_type_id').references(() => roomTypes.id),
    notificationTypeId: smallint('notification_type_id')
      .notNull()
      .references(() => notificationTypes.id),
    notificationCategoryId: smallint('notification_category_id')
      .notNull()
      .references(() => notificationCategories.id),
    notificationStatusId: smallint('notification_status_id')
      .notNull()
      .default(1)
      .references(() => notificationStatuses.id),
    /** Gallons per month. */
    rate: numeric('rate', { precision: 14, scale: 3 }),
    firstDetectedAt: tstz('first_detected_at').notNull(),
    lastDetectedAt: tstz('last_detected_at').notNull(),
    note: text('note'),
    statusChangedBy: integer('status_changed_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    statusChangedAt: tstz('status_changed_at'),
    closedAt: tstz('closed_at'),
    lastRemindedAt: tstz('last_reminded_at'),
    /** Who is to act on the alert (a user of its company or a system-role user). */
    assignedToUserId: integer('assigned_to_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** A snoozed leak alert stays open without reminders until then (then back to New). */
    snoozedUntil: tstz('snoozed_until'),
    snoozeReason: text('snooze_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open alert per sensor (or gateway) and type.
    uniqueIndex('notifications_open_sensor_key')
      .on(t.sensorId, t.notificationTypeId)
      .where(sql`${t.notificationStatusId} in (1, 2) and ${t.sensorId} is not null`),
    uniqueIndex('notifications_open_gateway_key')
      .on(t.gatewayId, t.notificationTypeId)
      .where(sql`${t.notificationStatusId} in (1, 2) and ${t.gatewayId} is not null`),
    // One open unaccounted-water alert (type 7, about a building: no sensor, no unit) per building.
    uniqueIndex('notifications_open_building_key')
      .on(t.buildingId, t.notificationTypeId)
      .where(sql`${t.notificationStatusId} in (1, 2) and ${t.notificationTypeId} = 7`),
    index('notifications_company_idx').on(t.companyId, t.notificationStatusId, t.firstDetectedAt),
    index('notifications_property_idx').on(t.propertyId, t.firstDetectedAt),
    index('notifications_building_idx').on(t.buildingId, t.firstDetectedAt),
    index('notifications_unit_idx').on(t.unitId, t.firstDetectedAt),
    index('notifications_status_idx').on(t.notificationStatusId, t.firstDetectedAt),
    index('notifications_assigned_idx').on(t.assignedToUserId),
    index('notifications_snoozed_idx').on(t.snoozedUntil).where(sql`${t.snoozedUntil} is not null`),
  ],
);

/** Who is told about alerts in a scope (company, property, building or unit) and how. */
export const notificationContacts = pgTable(
  'notification_contacts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    ...placeRefsBelowCompany(),
    notificationMethodId: smallint('notification_method_id')
      .notNull()
      .default(1)
      .references(() => notificationMethods.id),
    destination: text('destination').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notification_contacts_user_idx').on(t.userId),
    index('notification_contacts_company_idx').on(t.companyId),
    index('notification_contacts_building_idx').on(t.buildingId),
  ],
);

/** Single-use, expiring tokens behind the "On it" / "Fixed it" email buttons. */
export const notificationActionTokens = pgTable(
  'notification_action_tokens',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    statusId: smallint('status_id')
      .notNull()
      .references(() => notificationStatuses.id),
    recipientUserId: integer('recipient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_action_tokens_token_key').on(t.tokenHash),
    index('notification_action_tokens_notification_idx').on(t.notificationId),
  ],
);

/**
 * Text messages about alerts, one per alert, SMS contact and event (the key that sends nothing
 * twice): queued until the provider takes it, retried with back-off while the provider's refusal
 * may pass, failed after the last attempt or a permanent refusal.
 */
export const smsDeliveries = pgTable(
  'sms_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => notificationContacts.id, { onDelete: 'cascade' }),
    /** What the text tells of the alert (`opened`). */
    event: text('event').notNull(),
    /** The number it goes to, as the contact gave it when it was queued (E.164). */
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    /** When a queued text is next tried (null while it is being tried). */
    nextAttemptAt: tstz('next_attempt_at'),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sms_deliveries_key').on(t.notificationId, t.contactId, t.event),
    index('sms_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('sms_deliveries_contact_idx').on(t.contactId, t.updatedAt),
  ],
);

/** Append-only log of every state change: who, when, from, to, note. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: tstz('occurred_at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorRoleId: integer('actor_role_id').references(() => userRoles.id, { onDelete: 'set null' }),
    companyId: integer('company_id'),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    fromValue: jsonb('from_value'),
    toValue: jsonb('to_value'),
    note: text('note'),
  },
  (t) => [
    index('events_company_idx').on(t.companyId, t.occurredAt),
    index('events_entity_idx').on(t.entityType, t.entityId, t.occurredAt),
    index('events_occurred_idx').on(t.occurredAt),
    index('events_actor_idx').on(t.actorUserId),
  ],
);
