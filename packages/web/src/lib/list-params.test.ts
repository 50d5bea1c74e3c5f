import { describe, expect, it } from 'vitest';
import {
  defineList,
  eqFilter,
  idParam,
  listQuery,
  listStateFrom,
  pageSizeFrom,
  pagingFrom,
  parseSort,
  positiveInt,
  setParam,
  writeListState,
  writePaging,
} from './list-params';

const list = defineList({
  pageSizes: [25, 50, 100],
  sortFields: ['name', 'created_at'],
  defaultSort: 'created_at:DESC',
});

describe('list kit', () => {
  it('reads positive whole numbers only', () => {
    expect(positiveInt('3')).toBe(3);
    for (const value of [null, '', '0', '-1', '1.5', 'x']) expect(positiveInt(value)).toBeNull();
    const search = new URLSearchParams('company=4&type=9');
    expect(idParam(search, 'company')).toBe(4);
    expect(idParam(search, 'type', (id) => id < 5)).toBeNull();
    expect(idParam(search, 'missing')).toBeNull();
  });

  it('keeps the page size to the allowed ones, the first by default', () => {
    expect(pageSizeFrom('50', list.pageSizes)).toBe(50);
    expect(pageSizeFrom('7', list.pageSizes)).toBe(25);
    expect(pageSizeFrom(null, list.pageSizes)).toBe(25);
    expect(pagingFrom(new URLSearchParams('page=0&limit=100'), list.pageSizes)).toEqual({
      page: 1,
      limit: 100,
    });
  });

  it('keeps the sort to the allowed fields, falling back to the default', () => {
    expect(parseSort('name:ASC', list)).toEqual({ field: 'name', direction: 'ASC' });
    expect(parseSort('name', list)).toEqual({ field: 'name', direction: 'DESC' });
    expect(parseSort('name:sideways', list)).toEqual({ field: 'name', direction: 'DESC' });
    expect(parseSort('password:ASC', list)).toEqual({ field: 'created_at', direction: 'DESC' });
    expect(parseSort(null, list)).toEqual({ field: 'created_at', direction: 'DESC' });
  });

  it('round-trips the address, leaving defaults out', () => {
    const state = listStateFrom(
      new URLSearchParams('page=3&limit=50&sort=name:ASC&search=oak&other=1'),
      list,
    );
    expect(state).toEqual({ page: 3, limit: 50, sortBy: 'name:ASC', search: 'oak' });
    expect(writeListState(new URLSearchParams(), state, list).toString()).toBe(
      'page=3&limit=50&sort=name%3AASC&search=oak',
    );
    const defaults = listStateFrom(new URLSearchParams('limit=7&sort=bad'), list);
    expect(defaults).toEqual({ page: 1, limit: 25, sortBy: 'created_at:DESC', search: '' });
    expect(writeListState(new URLSearchParams('mac=AA'), defaults, list).toString()).toBe('mac=AA');
    expect(writePaging(new URLSearchParams(), { page: 2, limit: 25 }, [25]).toString()).toBe(
      'page=2',
    );
  });

  it('sets a filter only when it has a value', () => {
    const search = new URLSearchParams();
    setParam(search, 'a', null);
    setParam(search, 'b', '');
    setParam(search, 'c', undefined);
    setParam(search, 'd', 0);
    setParam(search, 'e', 'x');
    expect(search.toString()).toBe('d=0&e=x');
  });

  it('binds parsing and writing to a declared list', () => {
    const state = list.stateFrom(new URLSearchParams('sort=name'));
    expect(state.sortBy).toBe('name:DESC');
    expect(list.parseSort('name:ASC')).toEqual({ field: 'name', direction: 'ASC' });
    expect(list.writeState(new URLSearchParams(), state).toString()).toBe('sort=name%3ADESC');
  });

  it("builds the server's query: paging, sort, trimmed search and filters with a value", () => {
    const state = { page: 2, limit: 50, sortBy: 'name:ASC', search: ' oak ' };
    expect(listQuery(state)).toEqual({ page: 2, limit: 50, sortBy: 'name:ASC', search: 'oak' });
    expect(listQuery({ ...state, search: '  ' })).toEqual({
      page: 2,
      limit: 50,
      sortBy: 'name:ASC',
    });
    expect({ ...eqFilter('company_id', 4), ...eqFilter('status', null) }).toEqual({
      'filter.company_id': '$eq:4',
    });
  });
});
