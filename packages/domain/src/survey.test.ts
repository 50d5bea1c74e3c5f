// The survey's rules: which questions each fixture is asked, the status machine and its refusals,
// progress, the micrometer need by size, and the request bodies' validation.
import { describe, expect, it } from 'vitest';
import { ApplianceType, SurveyStatus } from './lookups.ts';
import {
  dxPlanBodySchema,
  installerInputSchema,
  isUnitSurveyed,
  micrometersNeeded,
  micrometerTotal,
  shipmentInputSchema,
  shippingDateOf,
  surveyActionsFrom,
  surveyAnswerBodySchema,
  surveyItemsFor,
  surveyOptions,
  surveyProgress,
  surveyReopenBodySchema,
  surveyTransition,
} from './survey.ts';

const answer = (unit_id: number, appliance_type_id: number, item: string, value: string) => ({
  unit_id,
  appliance_type_id,
  item,
  value,
});

describe('survey questions', () => {
  it('asks each fixture kind its questions, answered by the specification’s lists', () => {
    expect(surveyItemsFor(ApplianceType.KitchenCold)).toEqual(['supply_size', 'access']);
    expect(surveyItemsFor(ApplianceType.MainShower)).toEqual([
      'outlet_size',
      'pipe_material',
      'access',
    ]);
    expect(surveyItemsFor(ApplianceType.MainLine)).toEqual([
      'main_size',
      'pipe_material',
      'access',
    ]);
    expect(surveyItemsFor(ApplianceType.Notes)).toEqual(['note']);
    expect(surveyItemsFor(999)).toEqual([]);
    expect(surveyOptions('supply_size')).toEqual(['No', '1/2', '3/8', '5/8']);
    expect(surveyOptions('access')).toEqual(['No', 'Yes']);
    expect(surveyOptions('pipe_material')).toEqual(['No', 'Galvanized', 'Copper']);
    expect(surveyOptions('main_size')).toEqual(['No', '3/4', '1', '2']);
    expect(surveyOptions('outlet_size')).toEqual(['No', '3/8', '1/2']);
    expect(surveyOptions('note')).toBeNull();
  });
});

describe('survey status machine', () => {
  it('moves 0 → 1 on the first answer and keeps 1 on later ones', () => {
    expect(surveyTransition(SurveyStatus.None, 'answer')).toEqual({ ok: true, from: 0, to: 1 });
    expect(surveyTransition(SurveyStatus.InProgress, 'answer')).toEqual({
      ok: true,
      from: 1,
      to: 1,
    });
  });

  it('goes send (1 stays), customer approval 1 → 2, DX 2 → 3, reopen 2 or 3 → 1', () => {
    expect(surveyTransition(1, 'send')).toMatchObject({ ok: true, to: 1 });
    expect(surveyTransition(1, 'customer_approve')).toMatchObject({ ok: true, to: 2 });
    expect(surveyTransition(2, 'dx_approve')).toMatchObject({ ok: true, to: 3 });
    expect(surveyTransition(2, 'reopen')).toMatchObject({ ok: true, to: 1 });
    expect(surveyTransition(3, 'reopen')).toMatchObject({ ok: true, to: 1 });
  });

  it('refuses every other move with a message naming the current status', () => {
    expect(surveyTransition(2, 'answer')).toEqual({
      ok: false,
      from: 2,
      message:
        'The survey is Survey approved by customer: answers can change only while it is in progress; reopen it first',
    });
    expect(surveyTransition(0, 'send')).toMatchObject({ ok: false });
    expect(surveyTransition(3, 'customer_approve')).toMatchObject({ ok: false });
    expect(surveyTransition(1, 'dx_approve')).toMatchObject({
      ok: false,
      message: expect.stringContaining('In Survey'),
    });
    expect(surveyTransition(1, 'reopen')).toMatchObject({ ok: false });
    expect(surveyTransition(0, 'reopen')).toMatchObject({
      ok: false,
      message: expect.stringContaining('None'),
    });
  });

  it('lists the actions a status allows', () => {
    expect(surveyActionsFrom(0)).toEqual(['answer']);
    expect(surveyActionsFrom(1)).toEqual(['answer', 'send', 'customer_approve']);
    expect(surveyActionsFrom(2)).toEqual(['dx_approve', 'reopen']);
    expect(surveyActionsFrom(3)).toEqual(['reopen']);
  });
});

describe('survey progress and micrometer need', () => {
  const kitchen = ApplianceType.KitchenCold;
  const shower = ApplianceType.MainShower;

  it('counts a unit surveyed once every fixture it has answers for is complete', () => {
    expect(isUnitSurveyed([])).toBe(false);
    expect(isUnitSurveyed([answer(1, kitchen, 'supply_size', '1/2')])).toBe(false);
    expect(
      isUnitSurveyed([
        answer(1, kitchen, 'supply_size', '1/2'),
        answer(1, kitchen, 'access', 'Yes'),
      ]),
    ).toBe(true);
    expect(isUnitSurveyed([answer(1, shower, 'outlet_size', 'No')])).toBe(true);
  });

  it('reports n of m units surveyed', () => {
    const answers = [
      answer(1, kitchen, 'supply_size', 'No'),
      answer(2, kitchen, 'supply_size', '3/8'),
    ];
    expect(surveyProgress([1, 2, 3], answers)).toEqual({ surveyed: 1, units: 3 });
  });

  it('needs one micrometer per fixture sized other than No, by size', () => {
    const need = micrometersNeeded([
      answer(1, kitchen, 'supply_size', '1/2'),
      answer(1, kitchen, 'access', 'Yes'),
      answer(2, kitchen, 'supply_size', '1/2'),
      answer(2, shower, 'outlet_size', '3/8'),
      answer(2, ApplianceType.MainToilet, 'supply_size', 'No'),
      answer(3, ApplianceType.MainLine, 'main_size', '1'),
    ]);
    expect(need).toEqual({ '1/2': 2, '3/8': 1, '1': 1 });
    expect(micrometerTotal(need)).toBe(4);
  });
});

describe('survey request bodies', () => {
  it('accepts a listed answer to a question the fixture is asked', () => {
    const body = { unit_id: 1, appliance_type_id: ApplianceType.MainShower, item: 'outlet_size' };
    expect(surveyAnswerBodySchema.safeParse({ ...body, value: '1/2' }).success).toBe(true);
    const unlisted = surveyAnswerBodySchema.safeParse({ ...body, value: '5/8' });
    expect(unlisted.error?.issues[0]?.message).toBe('Choose one of the listed answers');
    const notAsked = surveyAnswerBodySchema.safeParse({ ...body, item: 'main_size', value: '1' });
    expect(notAsked.error?.issues[0]?.message).toBe(
      'This question is not asked of this fixture type',
    );
    const note = { unit_id: 1, appliance_type_id: ApplianceType.Notes, item: 'note' };
    expect(surveyAnswerBodySchema.safeParse({ ...note, value: 'Valve seized' }).success).toBe(true);
  });

  it('validates the DX plan, reopen reason, installer and shipment', () => {
    expect(
      dxPlanBodySchema.safeParse({
        micrometers: { '1/2': 3 },
        planned_installation_date: '2026-12-01',
      }).success,
    ).toBe(true);
    expect(dxPlanBodySchema.safeParse({ micrometers: { '7/8': 1 } }).success).toBe(false);
    expect(dxPlanBodySchema.safeParse({ micrometers: { '1/2': -1 } }).success).toBe(false);
    expect(surveyReopenBodySchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(surveyReopenBodySchema.parse({})).toEqual({});
    expect(surveyReopenBodySchema.safeParse({ reason: 5 }).success).toBe(false);
    expect(installerInputSchema.safeParse({ user_id: 5 }).success).toBe(true);
    expect(installerInputSchema.safeParse({ name: 'Ann', phone: '555' }).success).toBe(true);
    expect(installerInputSchema.safeParse({ name: 'Ann' }).success).toBe(false);
    const shipment = shipmentInputSchema.parse({
      shipped_on: '2026-12-01',
      micrometers: { '1/2': 2 },
      macs: ['00-11-22-33-44-55-66-aa'],
    });
    expect(shipment.macs).toEqual(['00112233445566AA']);
    expect(
      shipmentInputSchema.safeParse({ shipped_on: '2026-12-01', micrometers: {}, macs: ['xyz'] })
        .success,
    ).toBe(false);
  });
});

describe('property shipping date', () => {
  const shipments = [
    { shipped_on: '2026-10-01' },
    { shipped_on: '2026-12-20' },
    { shipped_on: '2026-12-05' },
  ];

  it('is the next planned shipment, else the last one', () => {
    expect(shippingDateOf(shipments, '2026-11-26')).toEqual({
      shipment: { shipped_on: '2026-12-05' },
      planned: true,
    });
    expect(shippingDateOf(shipments, '2027-01-01')).toEqual({
      shipment: { shipped_on: '2026-12-20' },
      planned: false,
    });
    expect(shippingDateOf([], '2026-11-26')).toBeNull();
  });
});
