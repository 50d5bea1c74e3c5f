// The record a statistics page describes — a company, or one of its properties or buildings — and
// the API path of each of its usage calls.
export type StatisticsLevel = 'company' | 'property' | 'building';

export type StatisticsRecord = { readonly level: StatisticsLevel; readonly id: number };

export const recordKey = (record: StatisticsRecord) => `${record.level}-${record.id}`;

export const statisticsQueryKey = ['statistics'] as const;
