// Getting micrometers into a building (spec sections 2, 3, 4 and 7): the survey's
// questions and which of the specification's option lists answers each, the survey status machine
// with its refusals, the micrometers a survey calls for by size, and the bodies and answers of the
// survey, installer and shipping calls. Server routes validate with these schemas; the web's forms
// and pages read the same types.
//
// Which list answers which question (the specification names the lists, not the questions):
// - `supply_size` — 'No','1/2','3/8','5/8': the supply line a micrometer fits on, for faucets,
//   toilets, washing machines and dishwashers; 'No': the unit has no such fixture.
// - `outlet_size` — 'No','3/8','1/2': the line after the mixing valve of a shower or tub, where its
//   micrometer fits; 'No': no such fixture.
// - `main_size` — 'No','3/4','1','2': the building's main or water line; 'No': none to meter.
// - `pipe_material` — 'No','Galvanized','Copper': the pipe at the fitting of showers, tubs and
//   main lines ('No': neither, e.g. PEX), which decides the installer's fittings.
// - `access` — 'No','Yes': whether the fitting can be reached without opening a wall; every
//   metered fixture type.
// - `note` — free text, on the `notes` fixture type only.
// A fixture is complete once its sizing question is answered 'No' (nothing there) or all its
// questions are answered; a unit is surveyed once it has answers and each fixture it has answers
// for is complete. Each fixture sized other than 'No' needs one micrometer of that size.
import { z } from 'zod';
import { idSchema, isStorableText, localDateSchema } from './input.ts';
import { applianceTypes, SurveyStatus, surveyOptionLists, surveyStatuses } from './lookups.ts';
import { normalizeMac } from './mac.ts';

// ---------------------------------------------------------------------------------------------
// Questions

export type SurveyOptionList = keyof typeof surveyOptionLists;
export type ApplianceKind = (typeof applianceTypes)[number]['kind'];

export const surveyItems = [
  'supply_size',
  'outlet_size',
  'main_size',
  'pipe_material',
  'access',
  'note',
] as const;
export type SurveyItem = (typeof surveyItems)[number];

export type SurveyQuestion = {
  readonly item: SurveyItem;
  readonly label: string;
  /** The option list answering it; null: free text. */
  readonly options: SurveyOptionList | null;
  /** Whether its answer is the size of the micrometer the fixture needs. */
  readonly sizing: boolean;
};

export const surveyQuestions: Readonly<Record<SurveyItem, SurveyQuestion>> = {
  supply_size: {
    item: 'supply_size',
    label: 'Supply line size',
    options: 'supplySize',
    sizing: true,
  },
  outlet_size: {
    item: 'outlet_size',
    label: 'Line size after the mixing valve',
    options: 'valveSize',
    sizing: true,
  },
  main_size: { item: 'main_size', label: 'Main line size', options: 'mainSize', sizing: true },
  pipe_material: {
    item: 'pipe_material',
    label: 'Pipe material',
    options: 'pipeMaterial',
    sizing: false,
  },
  access: { item: 'access', label: 'Fitting reachable', options: 'yesNo', sizing: false },
  note: { item: 'note', label: 'Notes', options: null, sizing: false },
};

/** The questions asked of each kind of fixture, the sizing question first. */
export const surveyItemsByKind: Readonly<Record<ApplianceKind, readonly SurveyItem[]>> = {
  faucet: ['supply_size', 'access'],
  toilet: ['supply_size', 'access'],
  machine: ['supply_size', 'access'],
  shower: ['outlet_size', 'pipe_material', 'access'],
  tub: ['outlet_size', 'pipe_material', 'access'],
  'main-line': ['main_size', 'pipe_material', 'access'],
  notes: ['note'],
};

const kindById = new Map<number, ApplianceKind>(applianceTypes.map((t) => [t.id, t.kind]));

/** The questions asked of a fixture type; empty for an unknown type. */
export function surveyItemsFor(applianceTypeId: number): readonly SurveyItem[] {
  const kind = kindById.get(applianceTypeId);
  return kind ? surveyItemsByKind[kind] : [];
}

/** The options answering a question; null for free text. */
export function surveyOptions(item: SurveyItem): readonly string[] | null {
  const list = surveyQuestions[item].options;
  return list ? surveyOptionLists[list] : null;
}

export const SURVEY_NOTE_MAX = 500;

export const surveyMessages = {
  itemNotAsked: 'This question is not asked of this fixture type',
  valueNotListed: 'Choose one of the listed answers',
  noteTooLong: `A note must not exceed ${SURVEY_NOTE_MAX} characters`,
  text: 'Text must not contain the NUL character or an unpaired surrogate',
  unitNotInBuilding: 'The unit is not in this building',
  reasonRequired: 'Say why the survey is reopened',
  noContacts: 'The customer has no notification contacts to send the survey to',
  linkInvalid: 'This approval link is not valid',
  linkUsed: 'This approval link has already been used',
  linkReplaced: 'A newer survey email replaced this approval link: use the link in the latest one',
  linkNoAccess:
    'This approval link no longer works: its recipient is no longer a contact of the building’s company',
  installerRequired: 'Choose a company installer or give an outside installer’s name and phone',
  installerNotOfCompany: 'The installer must be a company installer of the building’s company',
  installerNotFound: 'Installer not found',
  macInvalid: 'Each MAC must be 16 hexadecimal digits',
  countInvalid: 'Counts must be whole numbers from 0 to 100,000',
} as const;

// ---------------------------------------------------------------------------------------------
// Status machine

export type SurveyStatusId = (typeof SurveyStatus)[keyof typeof SurveyStatus];

/** What can happen to a survey; `answer` is a technician saving one answer. */
export const surveyActions = [
  'answer',
  'send',
  'customer_approve',
  'dx_approve',
  'reopen',
] as const;
export type SurveyAction = (typeof surveyActions)[number];

export const surveyStatusName = (status: number): string =>
  surveyStatuses.find((s) => s.id === status)?.name ?? `status ${status}`;

/** The statuses each action may start from, and where it leads (null: the status stays). */
const transitions: Readonly<
  Record<SurveyAction, { from: readonly SurveyStatusId[]; to: SurveyStatusId | null }>
> = {
  answer: { from: [SurveyStatus.None, SurveyStatus.InProgress], to: SurveyStatus.InProgress },
  send: { from: [SurveyStatus.InProgress], to: null },
  customer_approve: { from: [SurveyStatus.InProgress], to: SurveyStatus.ApprovedByCustomer },
  dx_approve: { from: [SurveyStatus.ApprovedByCustomer], to: SurveyStatus.Completed },
  reopen: {
    from: [SurveyStatus.ApprovedByCustomer, SurveyStatus.Completed],
    to: SurveyStatus.InProgress,
  },
};

const refusalReasons: Readonly<Record<SurveyAction, string>> = {
  answer: 'answers can change only while it is in progress; reopen it first',
  send: 'only a survey in progress can be sent to the customer',
  customer_approve: 'only a survey in progress can be approved by the customer',
  dx_approve: 'only a survey approved by the customer can be approved by DX',
  reopen: 'only an approved or completed survey can be reopened',
};

export type SurveyTransition =
  | { readonly ok: true; readonly from: SurveyStatusId; readonly to: SurveyStatusId }
  | { readonly ok: false; readonly from: number; readonly message: string };

/** Whether `action` may happen to a survey in `status`, and the status it leaves. */
export function surveyTransition(status: number, action: SurveyAction): SurveyTransition {
  const rule = transitions[action];
  const from = rule.from.find((s) => s === status);
  if (from === undefined) {
    return { ok: false, from: status, message: surveyRefusal(status, action) };
  }
  return { ok: true, from, to: rule.to ?? from };
}

/** The refusal of `action`, naming the current status. */
export function surveyRefusal(status: number, action: SurveyAction): string {
  return `The survey is ${surveyStatusName(status)}: ${refusalReasons[action]}`;
}

/** The actions a survey in `status` allows. */
export function surveyActionsFrom(status: number): SurveyAction[] {
  return surveyActions.filter((action) => surveyTransition(status, action).ok);
}

// ---------------------------------------------------------------------------------------------
// Progress and micrometer need

/** Micrometer sizes, smallest first (inches). */
export const micrometerSizes = ['3/8', '1/2', '5/8', '3/4', '1', '2'] as const;
export type MicrometerSize = (typeof micrometerSizes)[number];
export type MicrometersBySize = Partial<Record<MicrometerSize, number>>;

export type SurveyAnswerKey = {
  readonly unit_id: number;
  readonly appliance_type_id: number;
  readonly item: string;
  readonly value: string;
};

const sizingItem = (applianceTypeId: number): SurveyItem | undefined =>
  surveyItemsFor(applianceTypeId).find((item) => surveyQuestions[item].sizing);

const isMicrometerSize = (value: string): value is MicrometerSize =>
  (micrometerSizes as readonly string[]).includes(value);

/** Whether one fixture's answers are complete: sized 'No', or every question answered. */
export function isFixtureComplete(applianceTypeId: number, answers: readonly SurveyAnswerKey[]) {
  const given = new Map(answers.map((a) => [a.item, a.value]));
  const sizing = sizingItem(applianceTypeId);
  if (sizing && given.get(sizing) === 'No') return true;
  const asked = surveyItemsFor(applianceTypeId);
  return asked.length > 0 && asked.every((item) => given.has(item));
}

const groupBy = <T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
};

/** A unit is surveyed once it has answers and every fixture answered so far is complete. */
export function isUnitSurveyed(unitAnswers: readonly SurveyAnswerKey[]): boolean {
  if (unitAnswers.length === 0) return false;
  const byFixture = groupBy(unitAnswers, (a) => a.appliance_type_id);
  return [...byFixture].every(([typeId, answers]) => isFixtureComplete(typeId, answers));
}

export type SurveyProgress = { readonly surveyed: number; readonly units: number };

/** How many of the building's units are surveyed ("12 of 40 units surveyed"). */
export function surveyProgress(
  unitIds: readonly number[],
  answers: readonly SurveyAnswerKey[],
): SurveyProgress {
  const byUnit = groupBy(answers, (a) => a.unit_id);
  const surveyed = unitIds.filter((id) => isUnitSurveyed(byUnit.get(id) ?? [])).length;
  return { surveyed, units: unitIds.length };
}

/** The micrometers the answers call for, by size: one per fixture sized other than 'No'. */
export function micrometersNeeded(answers: readonly SurveyAnswerKey[]): MicrometersBySize {
  const need: MicrometersBySize = {};
  for (const answer of answers) {
    if (answer.item !== sizingItem(answer.appliance_type_id)) continue;
    if (!isMicrometerSize(answer.value)) continue;
    need[answer.value] = (need[answer.value] ?? 0) + 1;
  }
  return need;
}

/** The total of a count by size. */
export const micrometerTotal = (bySize: MicrometersBySize): number =>
  Object.values(bySize).reduce((sum, n) => sum + (n ?? 0), 0);

// ---------------------------------------------------------------------------------------------
// Request bodies

const m = surveyMessages;
const storableText = (max: number) => z.string().trim().max(max).refine(isStorableText, m.text);
const optionalText = (max: number) =>
  storableText(max)
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .optional();
const requiredText = (max: number, message: string) => storableText(max).min(1, message);
const count = z.number({ error: m.countInvalid }).int(m.countInvalid).min(0, m.countInvalid);
const boundedCount = count.max(100_000, m.countInvalid);

export const micrometersBySizeSchema = z
  .object({
    '3/8': boundedCount.optional(),
    '1/2': boundedCount.optional(),
    '5/8': boundedCount.optional(),
    '3/4': boundedCount.optional(),
    '1': boundedCount.optional(),
    '2': boundedCount.optional(),
  } satisfies Record<MicrometerSize, unknown>)
  .strict()
  .describe('Micrometer count by size (inches): 3/8, 1/2, 5/8, 3/4, 1, 2');

/** `PUT /buildings/{id}/survey`: one answer for a unit's fixture; saving it again is harmless. */
export const surveyAnswerBodySchema = z
  .object({
    unit_id: idSchema,
    appliance_type_id: idSchema.describe('The fixture type the answer is about'),
    item: z.enum(surveyItems),
    value: storableText(SURVEY_NOTE_MAX),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!surveyItemsFor(body.appliance_type_id).includes(body.item)) {
      ctx.addIssue({ code: 'custom', path: ['item'], message: m.itemNotAsked });
      return;
    }
    const options = surveyOptions(body.item);
    if (options && !options.includes(body.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: m.valueNotListed });
    }
  });
export type SurveyAnswerBody = z.infer<typeof surveyAnswerBodySchema>;

/** `PUT /buildings/{id}/approve-send-survey`: an optional message to the customer. */
export const surveySendBodySchema = z
  .object({ message: optionalText(1000) })
  .strict()
  .default({});
export type SurveySendBody = z.infer<typeof surveySendBodySchema>;

/** `PUT /buildings/{id}/approve-survey-dx`: the installation plan DX signs off. */
export const dxPlanBodySchema = z
  .object({
    micrometers: micrometersBySizeSchema,
    notes: optionalText(2000),
    planned_installation_date: localDateSchema.nullable().optional(),
  })
  .strict();
export type DxPlanBody = z.infer<typeof dxPlanBodySchema>;

/**
 * `PUT /buildings/{id}/reopen-survey`: the specification gives it no body, so none is needed; a
 * reason, when one is given, is kept in the survey's history and must say something.
 */
export const surveyReopenBodySchema = z
  .object({ reason: requiredText(500, m.reasonRequired).optional() })
  .strict()
  .default({});
export type SurveyReopenBody = z.infer<typeof surveyReopenBodySchema>;

export const installerStatuses = ['scheduled', 'in_progress', 'done'] as const;
export type InstallerStatus = (typeof installerStatuses)[number];

const outsideInstaller = {
  name: optionalText(120),
  phone: optionalText(40),
  email: optionalText(254),
};

/**
 * `POST /buildings/{id}/installers`: a company installer user (`user_id`) or an outside
 * installer's name and phone, with the scheduled date.
 */
export const installerInputSchema = z
  .object({
    user_id: idSchema.nullable().optional(),
    ...outsideInstaller,
    scheduled_date: localDateSchema.nullable().optional(),
  })
  .strict()
  .refine(
    (body) => body.user_id != null || (body.name != null && body.phone != null),
    m.installerRequired,
  );
export type InstallerInput = z.infer<typeof installerInputSchema>;

/** `PUT /buildings/installers/{id}`: fields left out keep their value. */
export const installerUpdateSchema = z
  .object({
    ...outsideInstaller,
    scheduled_date: localDateSchema.nullable().optional(),
    status: z.enum(installerStatuses).optional(),
  })
  .strict();
export type InstallerUpdate = z.infer<typeof installerUpdateSchema>;

const macSchema = z
  .string()
  .max(40)
  .transform((text, ctx) => {
    const mac = normalizeMac(text);
    if (mac === null) ctx.addIssue({ code: 'custom', message: m.macInvalid });
    return mac ?? text;
  });

/** `POST /buildings/{id}/shipping`: one shipment; a date ahead is a planned one. */
export const shipmentInputSchema = z
  .object({
    shipped_on: localDateSchema,
    carrier: optionalText(80),
    tracking_number: optionalText(80),
    micrometers: micrometersBySizeSchema,
    gateways_count: boundedCount.optional(),
    macs: z.array(macSchema).max(10_000).optional(),
  })
  .strict();
export type ShipmentInput = z.infer<typeof shipmentInputSchema>;

/** `POST /buildings/{id}/shipping-contact`: who receives the shipments, and where. */
export const shippingContactInputSchema = z
  .object({
    name: requiredText(120, 'Name is required'),
    phone: optionalText(40),
    email: optionalText(254).pipe(z.email('Enter a valid email address').nullable().optional()),
    street: optionalText(200),
    city_id: idSchema.nullable().optional(),
    postal: optionalText(20),
  })
  .strict();
export type ShippingContactInput = z.infer<typeof shippingContactInputSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const surveyAnswerSchema = z.object({
  unit_id: z.number().int(),
  appliance_type_id: z.number().int(),
  item: z.string(),
  value: z.string(),
  updated_at: z.string(),
  updated_by: z.number().int().nullable(),
});
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>;

export const surveyUnitProgressSchema = z.object({
  unit_id: z.number().int(),
  name: z.string(),
  answers: z.number().int().describe('Answers saved for the unit'),
  surveyed: z.boolean(),
});
export type SurveyUnitProgress = z.infer<typeof surveyUnitProgressSchema>;

export const dxPlanSchema = z.object({
  micrometers: micrometersBySizeSchema,
  notes: z.string().nullable(),
  planned_installation_date: z.string().nullable(),
  approved_by: z.number().int().nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: z.string(),
});
export type DxPlan = z.infer<typeof dxPlanSchema>;

export const surveyHistoryEntrySchema = z.object({
  at: z.string(),
  action: z.enum(surveyActions),
  from_status: z.number().int(),
  to_status: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  detail: z.string().nullable().describe('The reopen reason, or to whom the survey was sent'),
});
export type SurveyHistoryEntry = z.infer<typeof surveyHistoryEntrySchema>;

/** `GET /buildings/{id}/survey`. */
export const buildingSurveySchema = z.object({
  building_id: z.number().int(),
  status: z.number().int().describe('0 none, 1 in progress, 2 approved by customer, 3 completed'),
  status_name: z.string(),
  updated_at: z.string().nullable(),
  actions: z.array(z.enum(surveyActions)).describe('What the survey status allows next'),
  progress: z.object({ surveyed: z.number().int(), units: z.number().int() }),
  units: z.array(surveyUnitProgressSchema),
  answers: z.array(surveyAnswerSchema),
  micrometers_needed: micrometersBySizeSchema,
  dx_plan: dxPlanSchema.nullable(),
  history: z.array(surveyHistoryEntrySchema),
});
export type BuildingSurvey = z.infer<typeof buildingSurveySchema>;

export const installerSchema = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  scheduled_date: z.string().nullable(),
  status: z.enum(installerStatuses),
});
export type Installer = z.infer<typeof installerSchema>;

export const shipmentSchema = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  shipped_on: z.string(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  micrometers: micrometersBySizeSchema,
  micrometers_count: z.number().int(),
  gateways_count: z.number().int(),
  macs: z.array(z.string()),
  created_at: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const shippingContactSchema = z.object({
  building_id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  street: z.string().nullable(),
  city_id: z.number().int().nullable(),
  postal: z.string().nullable(),
});
export type ShippingContact = z.infer<typeof shippingContactSchema>;

/** `GET /properties/{id}/shipping-date`. */
export const propertyShippingDateSchema = z.object({
  property_id: z.number().int(),
  shipping_date: z
    .string()
    .nullable()
    .describe('The next planned shipment across its buildings, else the last; null: none'),
  planned: z.boolean().describe('Whether the date is ahead (a planned shipment)'),
  building_id: z.number().int().nullable(),
});
export type PropertyShippingDate = z.infer<typeof propertyShippingDateSchema>;

/** The next shipment on or after `today`, else the last one before it. */
export function shippingDateOf<T extends { shipped_on: string }>(
  shipments: readonly T[],
  today: string,
): { shipment: T; planned: boolean } | null {
  const sorted = [...shipments].sort((a, b) => a.shipped_on.localeCompare(b.shipped_on));
  const next = sorted.find((s) => s.shipped_on >= today);
  if (next) return { shipment: next, planned: true };
  const last = sorted.at(-1);
  return last ? { shipment: last, planned: false } : null;
}
