import { describe, expect, it } from 'vitest';
import { call, clinicWithStaff, createPatient, testAppForFile } from '../test/harness';

const t = testAppForFile();

describe('who is calling is checked before what they sent', () => {
  it('answers an anonymous caller 401 whatever the body or query, naming no field', async () => {
    const attempts = [
      { method: 'POST', url: '/clinic/patient/register', payload: { first_name: 7 } },
      { method: 'GET', url: '/api/v1/patients/?page=zero&status=archived' },
      { method: 'POST', url: '/api/v1/patients/abc/log_interaction/', payload: [] },
    ] as const;
    for (const attempt of attempts) {
      const response = await call(t, attempt);
      expect(response.statusCode, attempt.url).toBe(401);
      expect(response.json().error.fields, attempt.url).toBeUndefined();
    }
  });

  it('refuses a role its action before reading the body (office manager, patient record)', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id });
    const response = await call(t, {
      method: 'POST',
      url: `/api/v1/patients/${patient.id}/log_interaction/`,
      cookie: staff.manager.cookie,
      payload: { log: 'not an object' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.fields).toBeUndefined();
  });
});
