import { describe, expect, it } from 'vitest';
import { planStaffSearch } from './staff-search';

describe('planStaffSearch', () => {
  it('reads the words of a name as the patients’ search does: accents and case ignored', () => {
    expect(planStaffSearch('Łukasz  NOWAK')).toEqual({
      tokens: ['lukasz', 'nowak'],
      contact: 'lukasz nowak',
    });
    expect(planStaffSearch('Müller-Lee')?.tokens).toEqual(['muller', 'lee']);
  });

  it('keeps the whole query for the e-mail, and its words for names', () => {
    expect(planStaffSearch("O'Brien@Clinic.test")).toEqual({
      tokens: ['obrien', 'clinic', 'test'],
      contact: 'obrien@clinic.test',
    });
  });

  it('searches for nothing when the query holds no word', () => {
    expect(planStaffSearch(undefined)).toBeNull();
    expect(planStaffSearch('   ')).toBeNull();
    expect(planStaffSearch('@ - !')).toBeNull();
  });

  it('never hands SQL a LIKE wildcard or escape inside a token', () => {
    expect(planStaffSearch('50%_off \\ a_b%c')?.tokens).toEqual(['50', 'off', 'a', 'b', 'c']);
  });
});
