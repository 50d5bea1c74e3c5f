// A building's survey: decides its transitions with the domain's status machine
// (packages/domain/src/survey.ts), writes each with its event in one transaction, and emails the
// survey to the customer with signed single-use approval links (as the alert emails do: 256-bit
// random tokens stored hashed, expiring; reading a link changes nothing, only the confirming POST
// approves).
import { placeNotFound } from '@flowsight/domain/portfolio';
import {
  type BuildingSurvey,
  type DxPlan,
  type DxPlanBody,
  type SurveyAction,
  type SurveyAnswerBody,
  type SurveySendBody,
  surveyMessages,
  surveyStatusName,
  surveyTransition,
} from '@flowsight/domain/survey';
import type { Executor } from '../../db/client.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { type Scope, systemScope } from '../../lib/tenant-scope.ts';
import { buildingCheck } from './building-check.ts';
import {
  type ApprovalLinkProblem,
  type LinkProblem,
  linkError,
  linkMessages,
} from './surveys.links.ts';
import { fixtureCount, sendApprovalMails } from './surveys.mails.ts';
import {
  SURVEY_ENTITY,
  type SurveyBuilding,
  type SurveysRepository,
} from './surveys.repository.ts';
import { surveyOf } from './surveys.shape.ts';

export type SurveyMailLog = { warn(object: unknown, message: string): void };

type Dependencies = {
  repository: SurveysRepository;
  mailer: Mailer;
  appUrl: string;
  log: SurveyMailLog;
  now?: () => Date;
};

export function createSurveysService({
  repository,
  mailer,
  appUrl,
  log,
  now = () => new Date(),
}: Dependencies) {
  const building = buildingCheck(repository);
  const getSurvey = async (scope: Scope, id: number) => survey(await building(scope, id));

  async function survey(target: SurveyBuilding, tx?: Executor): Promise<BuildingSurvey> {
    const [units, answers, history] = await Promise.all([
      repository.units(target.id, tx),
      repository.answers(target.id, tx),
      repository.history(target.id, tx),
    ]);
    return surveyOf(target, units, answers, history);
  }

  type Effect = { note?: string | null; dxPlan?: DxPlan | null };

  /**
   * One transition of the survey, decided by the domain's machine on the locked building: the
   * work, the new status and its event commit together; a refused move is a 409 naming the status.
   */
  async function transition(
    scope: Scope,
    buildingId: number,
    action: SurveyAction,
    work: (tx: Executor, target: SurveyBuilding) => Promise<Effect> = async () => ({}),
  ) {
    return repository.transaction(async (tx) => {
      const target = await repository.building(scope, buildingId, tx, true);
      if (!target) throw new NotFound(placeNotFound('building'));
      const move = surveyTransition(target.survey_status, action);
      if (!move.ok) throw new Conflict(move.message);
      const effect = await work(tx, target);
      const at = now();
      const changes = move.to !== move.from || effect.dxPlan !== undefined;
      if (changes) await repository.setStatus(target.id, move.to, at, effect.dxPlan, tx);
      // Saving answers in progress is no transition; the first answer (0 → 1) is.
      if (action !== 'answer' || move.to !== move.from) {
        await repository.recordEvent(
          scope,
          {
            entityType: SURVEY_ENTITY,
            entityId: target.id,
            companyId: target.company_id,
            action,
            from: move.from,
            to: move.to,
            note: effect.note ?? null,
          },
          tx,
        );
      }
      return target;
    });
  }

  /**
   * Finds the token of an approval link, its building and what stands in its way: used, expired,
   * replaced by a later send, or its recipient no longer one the survey would be sent to.
   */
  async function checkLink(buildingId: number, token: string, tx?: Executor) {
    const found = await repository.findApprovalToken(hashSecret(token), tx);
    const target =
      found !== undefined && found.building_id === buildingId
        ? await repository.buildingById(buildingId, tx)
        : undefined;
    if (found === undefined || target === undefined) {
      return { found: undefined, target: undefined, problem: 'invalid' as const };
    }
    const problem: LinkProblem | null =
      found.used_at !== null
        ? 'used'
        : found.expires_at.getTime() <= now().getTime()
          ? 'expired'
          : found.replaced
            ? 'replaced'
            : found.recipient_user_id === null ||
                !(await repository.isRecipient(target, found.recipient_user_id, tx))
              ? 'no-access'
              : null;
    return { found, target, problem };
  }

  const sendSurveyMails = (target: SurveyBuilding, sender: Scope, message: string | null) =>
    sendApprovalMails({ repository, mailer, appUrl, log, now }, { target, sender, message }, () =>
      survey(target),
    );

  return {
    getSurvey,

    /** Saves one answer (the first moves the survey 0 → 1); answers the whole survey. */
    async answer(scope: Scope, buildingId: number, body: SurveyAnswerBody) {
      const target = await transition(scope, buildingId, 'answer', async (tx, locked) => {
        if (!(await repository.unitInBuilding(body.unit_id, locked.id, tx))) {
          throw new Invalid(surveyMessages.unitNotInBuilding);
        }
        await repository.saveAnswer(
          {
            companyId: locked.company_id,
            buildingId: locked.id,
            unitId: body.unit_id,
            applianceTypeId: body.appliance_type_id,
            item: body.item,
            value: body.value,
            userId: scope.userId > 0 ? scope.userId : null,
            at: now(),
          },
          tx,
        );
        return {};
      });
      return getSurvey(scope, target.id);
    },

    /**
     * Sends the survey to the customer's contacts, each with a fresh approval link; the status
     * stays "In Survey" until one of them approves.
     */
    async send(scope: Scope, buildingId: number, body: SurveySendBody) {
      const target = await building(scope, buildingId);
      const move = surveyTransition(target.survey_status, 'send');
      if (!move.ok) throw new Conflict(move.message);
      const sent = await sendSurveyMails(target, scope, body.message ?? null);
      await transition(scope, buildingId, 'send', async () => ({
        note: `Sent to ${sent.join(', ') || 'nobody (every email failed)'}`,
      }));
      return { ...(await getSurvey(scope, buildingId)), sent_to: sent };
    },

    /** What the approval page shows. Changes nothing, whatever the link. */
    async inspectApproval(buildingId: number, token: string) {
      const { target, problem } = await checkLink(buildingId, token);
      // A link that can no longer approve shows nothing of the survey: whoever holds it may not
      // be its recipient, or no longer entitled to see it.
      const current = target && problem === null ? await survey(target) : undefined;
      const approval = current ? surveyTransition(current.status, 'customer_approve') : undefined;
      const reason: ApprovalLinkProblem | null =
        problem ?? (approval && !approval.ok ? 'status' : null);
      const message =
        reason === null
          ? null
          : reason === 'status'
            ? approval && !approval.ok
              ? approval.message
              : null
            : linkMessages[reason];
      return {
        building_id: buildingId,
        valid: reason === null,
        reason,
        message,
        survey:
          target && current
            ? {
                building_name: target.name,
                status: current.status,
                status_name: current.status_name,
                progress: current.progress,
                fixtures: fixtureCount(current.answers),
                micrometers_needed: current.micrometers_needed,
              }
            : null,
      };
    },

    /** The customer's approval through the emailed link: once, as its recipient; 1 → 2. */
    async approveByCustomer(buildingId: number, token: string) {
      const { found, problem } = await checkLink(buildingId, token);
      if (problem !== null || found === undefined) throw linkError(problem ?? 'invalid');
      const recipient: Scope = { ...systemScope, userId: found.recipient_user_id ?? 0 };
      const target = await transition(recipient, buildingId, 'customer_approve', async (tx) => {
        const at = now();
        if (!(await repository.claimApprovalToken(found.id, at, tx))) throw linkError('used');
        await repository.voidApprovalTokens(buildingId, at, tx);
        return { note: `Approved by ${found.recipient_email}` };
      });
      const after = await repository.buildingById(target.id);
      return {
        building_id: target.id,
        status: after?.survey_status ?? target.survey_status,
        status_name: surveyStatusName(after?.survey_status ?? target.survey_status),
      };
    },

    /** DX's sign-off of the installation plan: 2 → 3, with who and when. */
    async approveByDx(scope: Scope, buildingId: number, body: DxPlanBody) {
      await transition(scope, buildingId, 'dx_approve', async (tx) => {
        const approvedBy = scope.userId > 0 ? scope.userId : null;
        const dxPlan: DxPlan = {
          micrometers: body.micrometers,
          notes: body.notes ?? null,
          planned_installation_date: body.planned_installation_date ?? null,
          approved_by: approvedBy,
          approved_by_name: approvedBy === null ? null : await repository.userName(approvedBy, tx),
          approved_at: now().toISOString(),
        };
        return { dxPlan, note: body.notes ?? null };
      });
      return getSurvey(scope, buildingId);
    },

    /** Back to "In Survey" (2 or 3 → 1), with a reason if one is given; DX's plan no longer holds. */
    async reopen(scope: Scope, buildingId: number, reason: string | null) {
      await transition(scope, buildingId, 'reopen', async () => ({ note: reason, dxPlan: null }));
      return getSurvey(scope, buildingId);
    },
  };
}
export type SurveysService = ReturnType<typeof createSurveysService>;
