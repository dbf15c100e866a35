import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN } from '@homestretch/contract/common/phone';
import { call, clinicWithStaff, createPatient, testAppForFile } from './test/harness';

const t = testAppForFile();

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

interface OpenApiSchema {
  type?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  description?: string;
  properties?: Record<string, OpenApiSchema>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: OpenApiSchema }[];
  requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
}

/** Security finding 10: 695 requests valid by the document were refused by the server. */
describe('the API description states the rules the server enforces', () => {
  async function document() {
    const response = await call(t, { method: 'GET', url: '/api/docs/json' });
    return response.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
  }

  it('gives every id in a path the positive 32-bit integer rule', async () => {
    const { paths } = await document();
    const ids = Object.entries(paths).flatMap(([path, operations]) =>
      Object.values(operations).flatMap((operation) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path' && /^(id|patientId)$/.test(parameter.name))
          .map((parameter) => ({ path, schema: parameter.schema })),
      ),
    );
    expect(ids.length).toBeGreaterThan(10);
    for (const { path, schema } of ids) {
      expect(schema, path).toMatchObject({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
    }
  });

  it('gives dates their format and limits, and phones the pattern the server reads', async () => {
    const { paths } = await document();
    const register = paths['/clinic/patient/register']?.post?.requestBody?.content[
      'application/json'
    ]?.schema.properties as Record<string, OpenApiSchema>;
    expect(register.birthday).toMatchObject({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
    expect(register.birthday?.description).toMatch(/1900-01-01.*not after today/);
    expect(register.phone?.pattern).toBe(PHONE_PATTERN);
  });

  it('accepts the requests the document describes as valid', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id });
    const register = await call(t, {
      method: 'POST',
      url: '/clinic/patient/register',
      cookie: staff.therapist.cookie,
      payload: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        birthday: '1900-01-01',
        phone: '+44 20 7946 0958',
      },
    });
    expect(register.statusCode).toBe(201);
    const largest = await call(t, {
      method: 'GET',
      url: '/api/v1/patients/2147483647/',
      cookie: staff.therapist.cookie,
    });
    expect(largest.statusCode).toBe(404);
    const smallest = await call(t, {
      method: 'GET',
      url: `/api/v1/patients/${patient.id}/`,
      cookie: staff.therapist.cookie,
    });
    expect(smallest.statusCode).toBe(200);
  });
});
