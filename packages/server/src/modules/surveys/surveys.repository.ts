// Queries of a building's survey: its answers and status (`building_survey_items`,
// `buildings.survey_*`), its history (the event log) and the approval links of survey emails. A
// building is reached only through `visiblePlaces('building', scope)`, so one outside the caller's
// scope is not found; the installer and shipping repositories find their building here too.
// Every method takes an optional transaction (`tx ?? db`).
import { NotificationMethod, UserStatus } from '@flowsight/domain/lookups';
import type { DxPlan } from '@flowsight/domain/survey';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, type Executor, rowsOf } from '../../db/client.ts';
import { visiblePlaces } from '../../db/queries/places.ts';
import { type EventInput, recordEvent } from '../../db/queries/record-event.ts';
import { events } from '../../db/schema/alerts.ts';
import { users } from '../../db/schema/identity.ts';
import { buildingSurveyApprovalTokens, buildingSurveyItems } from '../../db/schema/operations.ts';
import { buildings, units } from '../../db/schema/portfolio.ts';
import type { Scope } from '../../lib/tenant-scope.ts';

/** The entity type of survey transitions in the event log. */
export const SURVEY_ENTITY = 'building_survey';

export type SurveyBuilding = {
  id: number;
  name: string;
  company_id: number;
  property_id: number;
  survey_status: number;
  survey_updated_at: Date | null;
  survey_dx_approval: unknown;
};

const buildingColumns = {
  id: buildings.id,
  name: buildings.name,
  company_id: buildings.companyId,
  property_id: buildings.propertyId,
  survey_status: buildings.surveyStatus,
  survey_updated_at: buildings.surveyUpdatedAt,
  survey_dx_approval: buildings.surveyDxApproval,
};

/** A person's name, or null when they gave none. */
export const actorName = sql<
  string | null
>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

export type AnswerValues = {
  companyId: number;
  buildingId: number;
  unitId: number;
  applianceTypeId: number;
  item: string;
  value: string;
  userId: number | null;
  at: Date;
};

export type ApprovalTokenRow = {
  id: number;
  building_id: number;
  company_id: number;
  recipient_user_id: number | null;
  recipient_email: string;
  expires_at: Date;
  used_at: Date | null;
  /** A later send of the building's survey replaced this link. */
  replaced: boolean;
};

export type NewApprovalToken = {
  companyId: number;
  buildingId: number;
  recipientUserId: number;
  recipientEmail: string;
  tokenHash: string;
  expiresAt: Date;
  createdBy: number | null;
};

export type SurveyRecipient = { userId: number; email: string; firstName: string };

/**
 * The contact `c` (of person `u`) is one the building's survey goes to: an enabled email contact
 * of its company covering the whole company, its property or the building (not one unit), of a
 * person who is not disabled.
 */
const isSurveyContact = (building: SurveyBuilding) =>
  sql`c.company_id = ${building.company_id}
      and c.enabled
      and c.notification_method_id = ${NotificationMethod.Email}
      and u.user_status_id <> ${UserStatus.Disabled}
      and (c.property_id is null or c.property_id = ${building.property_id})
      and (c.building_id is null or c.building_id = ${building.id})
      and c.unit_id is null`;

export function createSurveysRepository(db: Database) {
  return {
    /** The building when the caller sees it; `lock` holds its row for a status change. */
    async building(
      scope: Scope,
      id: number,
      tx?: Executor,
      lock = false,
    ): Promise<SurveyBuilding | undefined> {
      const query = (tx ?? db)
        .select(buildingColumns)
        .from(buildings)
        .where(and(eq(buildings.id, id), visiblePlaces('building', scope)));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    /** The building's units, by name. */
    units(buildingId: number, tx?: Executor) {
      return (tx ?? db)
        .select({ id: units.id, name: units.name })
        .from(units)
        .where(eq(units.buildingId, buildingId))
        .orderBy(asc(units.name), asc(units.id));
    },

    async unitInBuilding(unitId: number, buildingId: number, tx?: Executor) {
      const [row] = await (tx ?? db)
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.id, unitId), eq(units.buildingId, buildingId)));
      return row !== undefined;
    },

    async answers(buildingId: number, tx?: Executor) {
      const rows = await (tx ?? db)
        .select({
          unit_id: buildingSurveyItems.unitId,
          appliance_type_id: sql<number>`coalesce(${buildingSurveyItems.applianceTypeId}, 0)::int`,
          item: buildingSurveyItems.item,
          value: buildingSurveyItems.value,
          updated_at: buildingSurveyItems.updatedAt,
          updated_by: buildingSurveyItems.updatedBy,
        })
        .from(buildingSurveyItems)
        .where(eq(buildingSurveyItems.buildingId, buildingId))
        .orderBy(
          asc(buildingSurveyItems.unitId),
          asc(buildingSurveyItems.applianceTypeId),
          asc(buildingSurveyItems.item),
        );
      return rows.map((row) => ({ ...row, updated_at: row.updated_at.toISOString() }));
    },

    /** Saves one answer: the same unit, fixture and item again replaces it. */
    async saveAnswer(values: AnswerValues, tx?: Executor) {
      const { companyId, buildingId, unitId, applianceTypeId, item, value, userId, at } = values;
      await (tx ?? db)
        .insert(buildingSurveyItems)
        .values({
          companyId,
          buildingId,
          unitId,
          applianceTypeId,
          item,
          value,
          updatedBy: userId,
          updatedAt: at,
        })
        .onConflictDoUpdate({
          target: [
            buildingSurveyItems.unitId,
            buildingSurveyItems.applianceTypeId,
            buildingSurveyItems.item,
          ],
          set: { value, updatedBy: userId, updatedAt: at },
        });
    },

    /** Sets the survey status (and, for DX's sign-off, the plan; reopening clears it). */
    async setStatus(
      buildingId: number,
      status: number,
      at: Date,
      dxPlan: DxPlan | null | undefined,
      tx?: Executor,
    ) {
      await (tx ?? db)
        .update(buildings)
        .set({
          surveyStatus: status,
          surveyUpdatedAt: at,
          ...(dxPlan === undefined ? {} : { surveyDxApproval: dxPlan }),
        })
        .where(eq(buildings.id, buildingId));
    },

    recordEvent: (actor: Scope | null, event: EventInput, tx?: Executor) =>
      recordEvent(tx ?? db, actor, event),

    /** The survey's transitions, oldest first, with who made them. */
    history(buildingId: number, tx?: Executor) {
      return (tx ?? db)
        .select({
          at: events.occurredAt,
          action: events.action,
          from_value: events.fromValue,
          to_value: events.toValue,
          user_id: events.actorUserId,
          user_name: actorName,
          note: events.note,
        })
        .from(events)
        .leftJoin(users, eq(users.id, events.actorUserId))
        .where(and(eq(events.entityType, SURVEY_ENTITY), eq(events.entityId, buildingId)))
        .orderBy(asc(events.occurredAt), asc(events.id));
    },

    async userName(userId: number, tx?: Executor): Promise<string | null> {
      const [row] = await (tx ?? db)
        .select({ name: actorName })
        .from(users)
        .where(eq(users.id, userId));
      return row?.name ?? null;
    },

    /**
     * The customer's email contacts for the building: enabled notification contacts of its
     * company covering the whole company, its property or the building (not one unit), of people
     * who are not disabled; one per address.
     */
    async recipients(building: SurveyBuilding, tx?: Executor): Promise<SurveyRecipient[]> {
      const rows = await rowsOf<{ user_id: number; email: string; first_name: string }>(
        tx ?? db,
        sql`select distinct on (lower(c.destination)) c.user_id, c.destination as email, u.first_name
            from notification_contacts c join users u on u.id = c.user_id
            where ${isSurveyContact(building)}
            order by lower(c.destination), c.id`,
      );
      return rows.map((r) => ({ userId: r.user_id, email: r.email, firstName: r.first_name }));
    },

    /**
     * Whether the person is still one of the building's survey recipients (as `recipients` chooses
     * them): an approval link works only while its recipient is.
     */
    async isRecipient(building: SurveyBuilding, userId: number, tx?: Executor): Promise<boolean> {
      const rows = await rowsOf<{ one: number }>(
        tx ?? db,
        sql`select 1 as one
            from notification_contacts c join users u on u.id = c.user_id
            where c.user_id = ${userId} and ${isSurveyContact(building)}
            limit 1`,
      );
      return rows.length > 0;
    },

    async insertApprovalTokens(tokens: readonly NewApprovalToken[], tx?: Executor) {
      if (tokens.length === 0) return;
      await (tx ?? db).insert(buildingSurveyApprovalTokens).values([...tokens]);
    },

    async findApprovalToken(
      tokenHash: string,
      tx?: Executor,
    ): Promise<ApprovalTokenRow | undefined> {
      const [row] = await (tx ?? db)
        .select({
          id: buildingSurveyApprovalTokens.id,
          building_id: buildingSurveyApprovalTokens.buildingId,
          company_id: buildingSurveyApprovalTokens.companyId,
          recipient_user_id: buildingSurveyApprovalTokens.recipientUserId,
          recipient_email: buildingSurveyApprovalTokens.recipientEmail,
          expires_at: buildingSurveyApprovalTokens.expiresAt,
          used_at: buildingSurveyApprovalTokens.usedAt,
          // Every link of one send is written by one statement, so shares its created_at.
          replaced: sql<boolean>`exists (
            select 1 from building_survey_approval_tokens later
            where later.building_id = ${buildingSurveyApprovalTokens}.building_id
              and later.created_at > ${buildingSurveyApprovalTokens}.created_at)`,
        })
        .from(buildingSurveyApprovalTokens)
        .where(eq(buildingSurveyApprovalTokens.tokenHash, tokenHash));
      return row;
    },

    /** Uses the token; false when it was used meanwhile. */
    async claimApprovalToken(id: number, at: Date, tx?: Executor): Promise<boolean> {
      const claimed = await (tx ?? db)
        .update(buildingSurveyApprovalTokens)
        .set({ usedAt: at })
        .where(
          and(eq(buildingSurveyApprovalTokens.id, id), isNull(buildingSurveyApprovalTokens.usedAt)),
        )
        .returning({ id: buildingSurveyApprovalTokens.id });
      return claimed.length === 1;
    },

    /** Ends every unused link of the building (the survey was approved through one of them). */
    async voidApprovalTokens(buildingId: number, at: Date, tx?: Executor) {
      await (tx ?? db)
        .update(buildingSurveyApprovalTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(buildingSurveyApprovalTokens.buildingId, buildingId),
            isNull(buildingSurveyApprovalTokens.usedAt),
          ),
        );
    },

    /** Building as the approval page shows it (no scope: the link's token is the credential). */
    async buildingById(id: number, tx?: Executor): Promise<SurveyBuilding | undefined> {
      const [row] = await (tx ?? db)
        .select(buildingColumns)
        .from(buildings)
        .where(eq(buildings.id, id));
      return row;
    },

    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),
  };
}
export type SurveysRepository = ReturnType<typeof createSurveysRepository>;
