import { micrometerMessages } from '@flowsight/domain/micrometers';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/locales/en.json';
import { checkConfig, configDraft } from './config-params';
import {
  defaultFilters,
  micrometerListQuery,
  micrometerParamsFrom,
  searchFromMicrometerParams,
} from './list-params';

describe('the assigned list’s default filter', () => {
  it('is internal units, installed and transmitting — without transmitting on phones', () => {
    expect(defaultFilters(false)).toEqual({
      state: 4,
      status: 1,
      category: 1,
      fixture: null,
      company: null,
    });
    expect(defaultFilters(true)).toEqual({
      state: 4,
      status: null,
      category: 1,
      fixture: null,
      company: null,
    });
  });

  it('applies only when the address names no filter; `all` keeps one cleared', () => {
    const opening = defaultFilters(false);
    expect(micrometerParamsFrom(new URLSearchParams('page=2'), opening).filters).toEqual(opening);
    const cleared = micrometerParamsFrom(new URLSearchParams('status=all'), opening);
    expect(cleared.filters).toEqual({ ...opening, state: null, status: null, category: null });
    expect(micrometerListQuery(cleared)).toEqual({ page: 1, limit: 25, sortBy: 'mac_address:ASC' });
    expect(
      searchFromMicrometerParams(cleared, { explicitFilters: ['state', 'status'] }).toString(),
    ).toBe('state=all&status=all');
  });

  it('ignores ids that are not in the catalogue and unknown sort fields', () => {
    const params = micrometerParamsFrom(new URLSearchParams('state=99&fixture=5&sort=secret:DESC'));
    expect(params.filters.state).toBeNull();
    expect(params.filters.fixture).toBe(5);
    expect(params.sortBy).toBe('mac_address:ASC');
  });
});

describe('configuration drafts', () => {
  it('start from the micrometer’s own values over the fleet defaults', () => {
    expect(configDraft({ 1: 300 }, new Map([[2, 7200]]))).toEqual({
      1: '300',
      2: '7200',
      3: '20',
      4: '0',
    });
  });

  it('give one problem per parameter and no configuration until all are right', () => {
    const checked = checkConfig({ 1: '30', 2: '', 3: '1.5', 4: '1' });
    expect([...checked.problems]).toEqual([
      [1, 'range'],
      [2, 'required'],
      [3, 'integer'],
    ]);
    expect(checked.params).toBeNull();
    expect(checkConfig({ 1: '60', 2: '600', 3: '1', 4: '1' }, [1, 4]).params).toEqual({
      1: 60,
      4: 1,
    });
  });
});

describe('server messages', () => {
  it('read in English exactly as the server words them', () => {
    expect(en.micrometers.serverMessages).toEqual(micrometerMessages);
  });
});
