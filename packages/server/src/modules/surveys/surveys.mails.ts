// The text of the survey email (approve-and-send): the building, how many units and fixtures were
// surveyed, the micrometers needed by size, and the signed link the customer approves it with.
// Plain text for every client, HTML with the same content for those that show it.
import { type MicrometersBySize, micrometerSizes, micrometerTotal } from '@flowsight/domain/survey';
import type { MailMessage } from '../../lib/mailer.ts';

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
