import { describe, expect, it } from 'vitest';
import { matchParts } from './role-list-dialog';

describe('role search highlight', () => {
  it('marks every case-insensitive occurrence', () => {
    expect(matchParts('Company Admin of Harbor Homes', 'HO')).toEqual([
      { text: 'Company Admin of Harbor ', match: false },
      { text: 'Ho', match: true },
      { text: 'mes', match: false },
    ]);
    expect(matchParts('abcabc', 'b').filter((part) => part.match)).toHaveLength(2);
  });

  it('leaves the text whole without a query', () => {
    expect(matchParts('System Admin', '  ')).toEqual([{ text: 'System Admin', match: false }]);
  });
});
