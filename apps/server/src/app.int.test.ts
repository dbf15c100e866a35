import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, call, createTestApp } from './test/harness';

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
