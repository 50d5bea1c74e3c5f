// The survey email (approve-and-send) and how it is sent: the building, how many units and
// fixtures were surveyed, the micrometers needed by size, and the signed link the customer
// approves it with. Plain text for every client, HTML with the same content for those that show it.
import {
  type BuildingSurvey,
  type MicrometersBySize,
  micrometerSizes,
  micrometerTotal,
  surveyMessages,
} from '@flowsight/domain/survey';
import { Conflict } from '../../lib/errors.ts';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';
import { hashSecret, newSecretToken } from '../../lib/secrets.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { APPROVAL_LINK_DAYS, DAY_MS } from './surveys.links.ts';
import type { SurveyBuilding, SurveysRepository } from './surveys.repository.ts';

export type SurveyMailContent = {
  to: string;
  firstName: string;
  buildingName: string;
  surveyedUnits: number;
  units: number;
  fixtures: number;
  micrometers: MicrometersBySize;
  message: string | null;
  approveLink: string;
  linkDays: number;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "1/2 in: 3, 3/4 in: 1", smallest first. */
export function sizesLine(bySize: MicrometersBySize): string {
  const parts = micrometerSizes
    .filter((size) => (bySize[size] ?? 0) > 0)
    .map((size) => `${size} in: ${bySize[size]}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

export function surveyMail(content: SurveyMailContent): MailMessage {
  const total = micrometerTotal(content.micrometers);
  const lines = [
    `Hello ${content.firstName || 'there'},`,
    '',
    `The water survey of ${content.buildingName} is ready for your approval.`,
    ...(content.message ? ['', content.message] : []),
    '',
    `Units surveyed: ${content.surveyedUnits} of ${content.units}`,
    `Fixtures surveyed: ${content.fixtures}`,
    `Micrometers needed: ${total} (${sizesLine(content.micrometers)})`,
    '',
    `Review and approve the survey: ${content.approveLink}`,
    `The link works once and for ${content.linkDays} days.`,
  ];
  const text = lines.join('\n');
  const html = `<p>${lines
    .map((line) => escapeHtml(line))
    .join('<br>')
    .replace(
      escapeHtml(content.approveLink),
      `<a href="${escapeHtml(content.approveLink)}">${escapeHtml(content.approveLink)}</a>`,
    )}</p>`;
  return {
    to: content.to,
    subject: `Survey of ${content.buildingName}: your approval is needed`,
    text,
    html,
  };
}

type SurveyAnswerRow = Awaited<ReturnType<SurveysRepository['answers']>>[number];

/** How many fixtures (unit and fixture type) have answers. */
export const fixtureCount = (answers: readonly SurveyAnswerRow[]) =>
  new Set(answers.map((a) => `${a.unit_id}:${a.appliance_type_id}`)).size;

type MailDependencies = {
  repository: SurveysRepository;
  mailer: Mailer;
  appUrl: string;
  log: { warn(object: unknown, message: string): void };
  now: () => Date;
};

/**
 * Emails the survey to the building's contacts, each with a signed approval link of their own
 * (stored hashed, expiring); `read` gives the survey as sent. One unreachable address keeps none
 * of the others from it. Answers the addresses it reached; 409 when the building has no contact.
 */
export async function sendApprovalMails(
  { repository, mailer, appUrl, log, now }: MailDependencies,
  { target, sender, message }: { target: SurveyBuilding; sender: Scope; message: string | null },
  read: () => Promise<BuildingSurvey>,
) {
  const recipients = await repository.recipients(target);
  if (recipients.length === 0) throw new Conflict(surveyMessages.noContacts);
  const current = await read();
  const expiresAt = new Date(now().getTime() + APPROVAL_LINK_DAYS * DAY_MS);
  const links = recipients.map((recipient) => ({ recipient, token: newSecretToken() }));
  await repository.insertApprovalTokens(
    links.map(({ recipient, token }) => ({
      companyId: target.company_id,
      buildingId: target.id,
      recipientUserId: recipient.userId,
      recipientEmail: recipient.email,
      tokenHash: hashSecret(token),
      expiresAt,
      createdBy: sender.userId > 0 ? sender.userId : null,
    })),
  );
  const fixtures = fixtureCount(current.answers);
  const sent: string[] = [];
  for (const { recipient, token } of links) {
    try {
      await mailer.send(
        surveyMail({
          to: recipient.email,
          firstName: recipient.firstName,
          buildingName: target.name,
          surveyedUnits: current.progress.surveyed,
          units: current.progress.units,
          fixtures,
          micrometers: current.micrometers_needed,
          message,
          approveLink: `${appUrl}/survey-approval/${target.id}/${token}`,
          linkDays: APPROVAL_LINK_DAYS,
        }),
      );
      sent.push(recipient.email);
    } catch (error) {
      // One unreachable address must not keep the others from the survey.
      log.warn({ err: error, buildingId: target.id, to: recipient.email }, 'survey email failed');
    }
  }
  return sent;
}
