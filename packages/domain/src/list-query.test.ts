import { describe, expect, it } from 'vitest';
import {
  FILTER_MAX_VALUES,
  formatFilter,
  parseFilterExpression,
  parseSortExpression,
  regexProblem,
} from './list-query.ts';

describe('parseFilterExpression', () => {
  it.each([
    ['$eq:5', '$eq', ['5']],
    ['$ne:5', '$ne', ['5']],
    ['$gt:5', '$gt', ['5']],
    ['$gte:5', '$gte', ['5']],
    ['$lt:5', '$lt', ['5']],
    ['$lte:5', '$lte', ['5']],
    ['$in:1,2', '$in', ['1', '2']],
    ['$nin:1,2,3', '$nin', ['1', '2', '3']],
    ['$btw:2026-01-01,2026-02-01', '$btw', ['2026-01-01', '2026-02-01']],
    ['$ilike:oak, st', '$ilike', ['oak, st']],
    ['$regex:^Unit [0-9]+$', '$regex', ['^Unit [0-9]+$']],
    ['$null', '$null', []],
    ['$not:$null', '$not:$null', []],
    ['plain value', '$eq', ['plain value']],
  ])('reads %s', (raw, operator, values) => {
    expect(parseFilterExpression(raw)).toEqual({ ok: true, value: { operator, values } });
  });

  it.each([
    ['$like:x', 'unknown operator $like'],
    ['$in', '$in needs a value'],
    ['$in:1,,2', '$in has an empty value'],
    ['$btw:1', '$btw needs exactly two values: $btw:from,to'],
    ['$btw:1,2,3', '$btw needs exactly two values: $btw:from,to'],
    ['$null:1', 'unknown operator $null'],
  ])('refuses %s', (raw, error) => {
    expect(parseFilterExpression(raw)).toEqual({ ok: false, error });
  });

  it('refuses lists longer than the limit', () => {
    const values = Array.from({ length: FILTER_MAX_VALUES + 1 }, (_, i) => i).join(',');
    expect(parseFilterExpression(`$in:${values}`)).toEqual({
      ok: false,
      error: `$in takes at most ${FILTER_MAX_VALUES} values`,
    });
  });

  it('refuses a regular expression outside the portable subset, naming why', () => {
    expect(parseFilterExpression('$regex:(')).toEqual({
      ok: false,
      error: '$regex: not a valid regular expression',
    });
  });

  it('formats what it parses', () => {
    expect(formatFilter('$in', [1, 2])).toBe('$in:1,2');
    expect(formatFilter('$null')).toBe('$null');
  });
});

describe('parseSortExpression', () => {
  it('reads field and direction, defaulting to ascending', () => {
    expect(parseSortExpression('name:desc')).toEqual({
      ok: true,
      value: { field: 'name', direction: 'DESC' },
    });
    expect(parseSortExpression('name')).toEqual({
      ok: true,
      value: { field: 'name', direction: 'ASC' },
    });
  });

  it('refuses a bad direction or shape', () => {
    expect(parseSortExpression('name:UP')).toEqual({
      ok: false,
      error: "sort direction must be ASC or DESC, not 'UP'",
    });
    expect(parseSortExpression('a:ASC:x').ok).toBe(false);
  });
});

describe('regexProblem', () => {
  it.each([
    '^Unit [0-9]+$',
    'oak|elm',
    '^(north|south)\\s+\\d{1,3}$',
    '(?:ab)+c*?',
    'a(?=b)',
    'a(?!b)',
    '[^a-z]',
    '[\\d.]',
    '\\(1\\)',
    'x{2}y{3,}z{1,100}',
  ])('accepts %s', (pattern) => {
    expect(regexProblem(pattern)).toBeUndefined();
  });

  it.each([
    ['(', 'not a valid regular expression'],
    ['[', 'not a valid regular expression'],
    ['\\', 'the escape \\ is not supported'],
    ['\\p{L}', 'the escape \\p is not supported'],
    ['(a)\\1', 'the escape \\1 is not supported'],
    ['(?<name>a)', 'only (?:…), (?=…) and (?!…) groups'],
    ['(?<=a)b', 'only (?:…), (?=…) and (?!…) groups'],
    ['[[:alpha:]]', '[: is not supported inside [ ]'],
    ['[\\D]', '\\D is not supported inside [ ]'],
    ['[]a]', 'a set may not start with ]'],
    ['[^]', 'a set may not start with ]'],
    ['a{,3}', 'a { must start a repetition {m}, {m,} or {m,n}'],
    ['a{1,999}', 'repetition counts are at most 100'],
    ['a{101}', 'repetition counts are at most 100'],
    ['((a{1,50}){1,50})', 'the repetitions are too large together'],
    ['a'.repeat(201), 'at most 200 characters'],
  ])('refuses %s', (pattern, problem) => {
    expect(regexProblem(pattern)).toBe(problem);
  });
});
