import { describe, expect, it } from 'vitest';
import {
  cleanCriteria,
  criteriaOfParams,
  exportQuery,
  filterBody,
  paramsOfCriteria,
  tailFilter,
  type LogCriteria,
} from './logFilter.ts';
import { fileNameOf } from './logsAdminApi.ts';

describe('logFilter', () => {
  it('filterBody, criteria carrying an unknown field, sends only the contract fields plus the page', () => {
    const criteria = { user_id: 'u-1', role: 'admin', page: 9 } as unknown as LogCriteria;
    expect(filterBody(criteria, 2)).toEqual({ user_id: 'u-1', page: 2, limit: 50 });
  });

  it('cleanCriteria, types out of order, duplicated and unknown, keeps the known ones once in SPEC order', () => {
    expect(cleanCriteria({ types: 'point,error,bogus,error' })).toEqual({ types: ['error', 'point'] });
  });

  it('cleanCriteria, blank and over-long texts and a non-day date, leaves them out', () => {
    expect(
      cleanCriteria({
        user_id: '  ',
        text: 'x'.repeat(201),
        from: '2026-3-1',
        to: '2026-03-07T10:00',
        source: 'everyone',
      }),
    ).toEqual({});
  });

  it('paramsOfCriteria then criteriaOfParams, round-trips the criteria and the page', () => {
    const criteria: LogCriteria = {
      types: ['error', 'play'],
      user_id: 'u-1',
      character_id: 'mirai',
      from: '2026-03-01',
      to: '2026-03-07',
      text: '再生',
      source: 'service',
    };
    const params = new URLSearchParams(paramsOfCriteria(criteria, 3));
    expect(criteriaOfParams(params)).toEqual({ criteria, page: 3 });
    expect(params.get('types')).toBe('error,play');
  });

  it('criteriaOfParams, a page that is no number or negative, is page 1', () => {
    expect(criteriaOfParams(new URLSearchParams('page=abc')).page).toBe(1);
    expect(criteriaOfParams(new URLSearchParams('page=-4')).page).toBe(1);
  });

  it('exportQuery, types chosen, joins them with commas and carries no paging', () => {
    expect(exportQuery({ types: ['error', 'admin'], from: '2026-03-01' })).toEqual({
      types: 'error,admin',
      from: '2026-03-01',
    });
  });

  it('tailFilter, dates and text set, follows only types, user, character and source; nothing set is no filter', () => {
    expect(tailFilter({ types: ['error'], from: '2026-03-01', text: 'x', source: 'audit' })).toEqual({
      types: ['error'],
      source: 'audit',
    });
    expect(tailFilter({ from: '2026-03-01' })).toBeUndefined();
  });
});

describe('fileNameOf', () => {
  it('fileNameOf, quoted, encoded and path-like names, gives a plain file name', () => {
    expect(fileNameOf('attachment; filename="logs_20260307.csv"')).toBe('logs_20260307.csv');
    expect(fileNameOf('attachment; filename="x.csv"; filename*=UTF-8\'\'logs_20260307.csv')).toBe('logs_20260307.csv');
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
