import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockApi } from '../../../test/mock-api';
import { patientFixture } from '../../../test/record-fixtures';
import { askPatientEarly, patientQueryOptions } from './get-patient';

afterEach(() => {
  vi.unstubAllGlobals();
});

const patient = patientFixture({ id: 12 });

describe('a record asked for as its dashboard starts (issue 29)', () => {
  it('is the answer the record’s query takes, once', async () => {
    const api = mockApi({ 'GET /api/v1/patients/12/': { body: patient } });
    askPatientEarly(12);
    await expect(new QueryClient().fetchQuery(patientQueryOptions(12))).resolves.toEqual(patient);
    expect(api.calls()).toEqual(['GET /api/v1/patients/12/']);
    await new QueryClient().fetchQuery(patientQueryOptions(12));
    expect(api.calls()).toEqual(['GET /api/v1/patients/12/', 'GET /api/v1/patients/12/']);
  });

  it('refused for want of a session, is asked for again; not found, stays not found', async () => {
    let signedIn = false;
    const api = mockApi({
      'GET /api/v1/patients/12/': () =>
        signedIn
          ? { body: patient }
          : { status: 401, body: errorBody('unauthenticated', 'Sign in') },
      'GET /api/v1/patients/13/': { status: 404, body: errorBody('not_found', 'No such patient') },
    });
    askPatientEarly(12);
    askPatientEarly(13);
    await vi.waitFor(() => expect(api.calls()).toHaveLength(2));
    signedIn = true;
    await expect(new QueryClient().fetchQuery(patientQueryOptions(12))).resolves.toEqual(patient);
    await expect(
      new QueryClient().fetchQuery({ ...patientQueryOptions(13), retry: false }),
    ).rejects.toMatchObject({ status: 404 });
    expect(api.calls().filter((call) => call.endsWith('/12/'))).toHaveLength(2);
    expect(api.calls().filter((call) => call.endsWith('/13/'))).toHaveLength(1);
  });
});
