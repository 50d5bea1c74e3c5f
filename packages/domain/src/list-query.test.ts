import { describe, expect, it } from 'vitest';
import { formatFilter, parseFilterExpression, parseSortExpression } from './list-query.ts';

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
