import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, call, clinicWithStaff, createPatient, createTestApp } from './test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API description: GET /api/docs/json', () => {
  it('serves an OpenAPI document naming the spec §7 paths', async () => {
    const response = await call(t, { method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths).toHaveProperty(['/clinic/therapist/signin']);
    expect(document.paths).toHaveProperty(['/api/v1/patients/']);
  });
});

describe('caching of answers', () => {
  it('tells every cache to keep no copy of patient data, of errors or of sign-in answers', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id });
    const cookie = staff.therapist.cookie;
    const answers = [
      await call(t, { method: 'GET', url: '/api/v1/patients/', cookie }),
      await call(t, { method: 'GET', url: `/api/v1/patients/${patient.id}/`, cookie }),
      await call(t, { method: 'GET', url: '/api/v1/patients/999999999/', cookie }),
      await call(t, { method: 'GET', url: '/api/v1/users/', cookie }),
      await call(t, {
        method: 'POST',
        url: '/clinic/therapist/signin',
        payload: { email: 'nobody@example.test', password: 'wrong-password-1' },
      }),
    ];
    for (const answer of answers) {
      expect(answer.headers['cache-control'], answer.body.slice(0, 80)).toBe('no-store');
    }
  });
});
