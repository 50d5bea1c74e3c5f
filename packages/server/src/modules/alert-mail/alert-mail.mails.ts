// The texts of the alert emails (the opening one, the 24-hour reminder and the assignment): what, where, how much
// water and money, since when (in the property's time zone), a link to the place in the app and
// the two signed buttons. Plain text for every client, HTML with the same content for those that
// show it.
import { NotificationType, notificationTypes } from '@flowsight/domain/lookups';
import type { MailMessage } from '../../lib/mailer.ts';
import type { Alert } from '../alerts/alerts.shape.ts';

export type AlertMailContent = {
  to: string;
  firstName: string;
  alert: Alert;
  timeZone: string;
  /** Absolute link to the alert's place in the app. */
  placeLink: string;
  onItLink: string;
  fixedItLink: string;
  linkDays: number;
  reminder: boolean;
};

const typeName = (alert: Alert) =>
  notificationTypes.find((t) => t.id === alert.notification_type_id)?.name ?? 'Alert';

/** 'Mar 4, 2026, 9:05 PM EST' in the property's own time zone. */
export function localTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

const gallons = (rate: number | null) =>
  rate === null ? 'N/A' : `${Math.round(rate).toLocaleString('en-US')} gal/month`;
const money = (cost: number | null) =>
  cost === null
    ? 'N/A'
    : `$${cost.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Lookup names are lower case ('main toilet'); a fact reads better capitalised. */
const capitalised = (text: string | null) =>
  text === null || text === '' ? 'N/A' : text.charAt(0).toUpperCase() + text.slice(1);

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** The fixture, the gateway, or — for a building-level alert (unaccounted water) — the building. */
const fixtureOf = (alert: Alert) => {
  if (alert.appliance === null && alert.gateway_serial !== null) {
    return `Gateway ${alert.gateway_serial}`;
  }
  if (alert.notification_type_id === NotificationType.UnaccountedWater) {
    return 'Whole building (main line against fixtures)';
  }
  return capitalised(alert.appliance);
};

/** Where the alert is, in a few words. */
const whereOf = (alert: Alert) =>
  alert.address || alert.building_name || alert.property_name || 'your portfolio';

type Facts = [label: string, value: string][];

/** What every alert email says, in the order both parts say it. */
type MailParts = {
  subject: string;
  greeting: string;
  lead: string;
  facts: Facts;
  /** Absolute link behind "See it in Flowsight". */
  link: string;
  /** Plain-text blocks after the link, each after a blank line. */
  textBlocks: string[][];
  /** HTML shown above the link (the buttons), if any. */
  buttonsHtml?: string;
  /** The small print under the link, one paragraph each. */
  notes: string[];
};

const mailText = (parts: MailParts) =>
  [
    parts.greeting,
    '',
    parts.lead,
    '',
    ...parts.facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `See it in Flowsight: ${parts.link}`,
    ...parts.textBlocks.flatMap((block) => ['', ...block]),
  ].join('\n');

const mailHtml = (parts: MailParts) => `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1c2430">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 4px;font-size:13px;color:#5b6675">Flowsight</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(parts.subject)}</h1>
<p>${escapeHtml(parts.greeting)}</p>
<p>${escapeHtml(parts.lead)}</p>
<table style="border-collapse:collapse;margin:16px 0;font-size:14px">
${parts.facts
  .map(
    ([label, value]) =>
      `<tr><td style="padding:4px 16px 4px 0;color:#5b6675">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
${parts.buttonsHtml === undefined ? '' : `<p>${parts.buttonsHtml}</p>\n`}<p><a href="${escapeHtml(parts.link)}">See it in Flowsight</a></p>
${parts.notes.map((note) => `<p style="font-size:12px;color:#5b6675">${escapeHtml(note)}</p>`).join('\n')}
</div></body></html>`;

const mailOf = (to: string, parts: MailParts): MailMessage => ({
  to,
  subject: parts.subject,
  text: mailText(parts),
  html: mailHtml(parts),
});

export type AssignmentMailContent = {
  to: string;
  firstName: string;
  alert: Alert;
  /** Who assigned it (null: the system). */
  assignedBy: string | null;
  /** Absolute link to the alert's page in the app. */
  alertLink: string;
};

/** The email telling a person an alert was assigned to them. */
export function assignmentMail(content: AssignmentMailContent): MailMessage {
  const { alert } = content;
  const type = typeName(alert);
  const where = whereOf(alert);
  const subject = `Alert assigned to you: ${type} at ${where}`;
  const greeting = content.firstName ? `Hello ${content.firstName},` : 'Hello,';
  const lead = `${content.assignedBy ?? 'Flowsight'} assigned this ${type.toLowerCase()} alert to you.`;
  const facts: Facts = [
    ['Alert', type],
    ['Address', where],
    ['Property', alert.property_name ?? 'N/A'],
    ['Fixture', fixtureOf(alert)],
    ['Rate', gallons(alert.rate)],
    ['Monthly cost', money(alert.monthly_cost)],
  ];
  const footer = 'You receive this because an alert in Flowsight was assigned to you.';
  return mailOf(content.to, {
    subject,
    greeting,
    lead,
    facts,
    link: content.alertLink,
    textBlocks: [[footer]],
    notes: [footer],
  });
}

export function alertMail(content: AlertMailContent): MailMessage {
  const { alert } = content;
  const type = typeName(alert);
  const where = whereOf(alert);
  const facts: Facts = [
    ['Alert', type],
    ['Address', where],
    ['Property', alert.property_name ?? 'N/A'],
    ['Room', capitalised(alert.room)],
    ['Fixture', fixtureOf(alert)],
    ['Rate', gallons(alert.rate)],
    ['Monthly cost', money(alert.monthly_cost)],
    ['First detected', localTime(alert.first_detected, content.timeZone)],
  ];
  const subject = `${content.reminder ? 'Reminder: ' : ''}Flowsight alert: ${type} at ${where}`;
  const lead = content.reminder
    ? `This ${type.toLowerCase()} alert is still new: nobody has said they are on it yet.`
    : `Flowsight has detected a ${type.toLowerCase()} alert.`;
  const greeting = content.firstName ? `Hello ${content.firstName},` : 'Hello,';
  const footer = `The buttons work once each, for ${content.linkDays} days, and ask you to confirm before anything changes. Saying "On it" stops the reminders.`;

  const whyYou =
    'You receive this because you are a notification contact of this place in Flowsight.';

  const button = (href: string, label: string, colour: string) =>
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 20px;margin:0 8px 8px 0;border-radius:6px;background:${colour};color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(label)}</a>`;
  return mailOf(content.to, {
    subject,
    greeting,
    lead,
    facts,
    link: content.placeLink,
    textBlocks: [
      [`On it: ${content.onItLink}`, `Fixed it: ${content.fixedItLink}`],
      [footer],
      [whyYou],
    ],
    buttonsHtml: `${button(content.onItLink, 'On it', '#1565c0')}${button(content.fixedItLink, 'Fixed it', '#2e7d32')}`,
    notes: [footer, whyYou],
  });
}
