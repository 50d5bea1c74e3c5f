import { describe, expect, it } from 'vitest';
import {
  choiceFrom,
  installableFixtures,
  paramsOf,
  previousChoice,
  signalArrived,
  stepOf,
} from './installation-steps';

const choiceOf = (query: string) => choiceFrom(new URLSearchParams(query));

describe('installation steps', () => {
  it('goes property → building → unit → fixture → scan → confirm → waiting', () => {
    expect(stepOf(choiceOf(''))).toBe('property');
    expect(stepOf(choiceOf('property=1'))).toBe('building');
    expect(stepOf(choiceOf('property=1&building=2'))).toBe('unit');
    expect(stepOf(choiceOf('property=1&building=2&unit=3'))).toBe('fixture');
    expect(stepOf(choiceOf('property=1&building=2&unit=3&fixture=5'))).toBe('scan');
    expect(stepOf(choiceOf('property=1&building=2&unit=3&fixture=5&mac=AB'))).toBe('confirm');
    expect(
      stepOf(choiceOf('property=1&building=2&unit=3&fixture=5&mac=AB&sensor=9&since=2026')),
    ).toBe('waiting');
  });

  it('ignores ids that are not positive integers', () => {
    expect(stepOf(choiceOf('property=abc'))).toBe('property');
    expect(stepOf(choiceOf('property=1&building=-2'))).toBe('building');
  });

  it('drops later choices when an earlier one is missing', () => {
    expect(paramsOf({ property: 1, building: null, unit: 3 }).toString()).toBe('property=1');
    expect(paramsOf({ property: 1, building: 2, unit: 3 }).toString()).toBe(
      'property=1&building=2&unit=3',
    );
  });

  it('steps back one choice, keeping property and building', () => {
    const choice = choiceOf('property=1&building=2&unit=3&fixture=5&mac=AB');
    expect(paramsOf(previousChoice(choice, 'confirm')).toString()).toBe(
      'property=1&building=2&unit=3&fixture=5',
    );
    expect(paramsOf(previousChoice(choice, 'fixture')).toString()).toBe('property=1&building=2');
    expect(paramsOf(previousChoice(choice, 'building')).toString()).toBe('');
  });

  it('sees the first signal only when it is after the installation', () => {
    const since = '2026-03-01T12:00:00.000Z';
    expect(signalArrived({ last_keepalive: null, last_submission: null }, since)).toBe(false);
    expect(
      signalArrived({ last_keepalive: '2026-03-01T11:59:00.000Z', last_submission: null }, since),
    ).toBe(false);
    expect(
      signalArrived({ last_keepalive: '2026-03-01T12:00:05.000Z', last_submission: null }, since),
    ).toBe(true);
    expect(
      signalArrived({ last_keepalive: null, last_submission: '2026-03-01T12:01:00.000Z' }, since),
    ).toBe(true);
  });

  it('offers every fixture type but the notes slot', () => {
    expect(installableFixtures).toHaveLength(21);
    expect(installableFixtures.map((f) => f.id)).not.toContain(13);
  });
});
