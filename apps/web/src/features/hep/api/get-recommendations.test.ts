import { describe, expect, it } from 'vitest';
import { recommendationsQuery } from './get-recommendations';

const all = {
  diagnosisName: 'Low back pain, unspecified',
  onboardedAt: '2026-09-01T14:00:00.000Z',
  therapistId: 7,
  patientId: 12,
};

describe('when recommendations are fetched (spec §5)', () => {
  it('asks with the diagnosis, onboarded date, therapist and patient when all are present', () => {
    expect(recommendationsQuery(all)).toEqual({
      diagnosis_name: 'Low back pain, unspecified',
      onboarded_at: '2026-09-01T14:00:00.000Z',
      therapist_id: 7,
      patient_id: 12,
    });
  });

  it.each([
    ['diagnosis name', { diagnosisName: null }],
    ['blank diagnosis name', { diagnosisName: '  ' }],
    ['onboarded date', { onboardedAt: null }],
    ['therapist', { therapistId: undefined }],
    ['patient', { patientId: null }],
  ])('does not ask without the %s', (_, missing) => {
    expect(recommendationsQuery({ ...all, ...missing })).toBeNull();
  });
});
