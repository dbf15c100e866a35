import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { patients } from '../../db/schema';
import { call, clinicWithStaff, createPatient, testAppForFile, unique } from '../../test/harness';

/**
 * Security finding 2: office managers saw and changed the diagnosis through the front-desk
 * answers.
 */
const t = testAppForFile();

const CLINICAL = ['diagnosis', 'selected_code'];

function expectNoClinicalFields(answer: object, where: string) {
  for (const field of CLINICAL) {
    expect(Object.keys(answer), `${where}: ${field}`).not.toContain(field);
  }
}

async function frontDesk() {
  const { clinic, staff } = await clinicWithStaff(t);
  const word = unique('Xyzzylumbar').toLowerCase().replace('-', '');
  const patient = await createPatient(
    t.db,
    { clinicId: clinic.id, diagnosis: `${word} radiculopathy`, selectedCode: 'M5416' },
    [staff.therapist.user.id],
  );
  return { clinic, staff, patient, word };
}

describe('the front desk without clinical data', () => {
  it("leaves the diagnosis out of an office manager's roster, and searches not by it", async () => {
    const { staff, word } = await frontDesk();
    const manager = staff.manager.cookie;
    const roster = await call(t, { method: 'GET', url: '/api/v1/patients/', cookie: manager });
    expect(roster.statusCode).toBe(200);
    expect(roster.json().results).toHaveLength(1);
    expectNoClinicalFields(roster.json().results[0], 'roster');
    for (const search of [word, 'M5416', 'm54.1']) {
      const found = await call(t, {
        method: 'GET',
        url: `/api/v1/patients/?search=${encodeURIComponent(search)}`,
        cookie: manager,
      });
      expect(found.json().count, search).toBe(0);
    }
    const therapist = await call(t, {
      method: 'GET',
      url: `/api/v1/patients/?search=${word}`,
      cookie: staff.therapist.cookie,
    });
    expect(therapist.json().count).toBe(1);
    expect(therapist.json().results[0].diagnosis).toBe(`${word} radiculopathy`);
    expect(therapist.json().results[0].selected_code).toBe('M5416');
  });

  it('leaves it out of every front-desk answer', async () => {
    const { staff, patient } = await frontDesk();
    const cookie = staff.manager.cookie;
    const answers = {
      register: await call(t, {
        method: 'POST',
        url: '/clinic/patient/register',
        cookie,
        payload: { first_name: 'Walk', last_name: 'In' },
      }),
      update: await call(t, {
        method: 'PUT',
        url: `/clinic/patient/${patient.id}/update`,
        cookie,
        payload: { first_name: 'Pat', last_name: patient.lastName, phone: '(917) 555-0123' },
      }),
      rtm: await call(t, {
        method: 'PATCH',
        url: `/clinic/patient/${patient.id}/update-rtm-coverage`,
        cookie,
        payload: { is_rtm_covered: true },
      }),
      therapists: await call(t, {
        method: 'PATCH',
        url: `/api/v1/patients/${patient.id}/change-therapist/`,
        cookie,
        payload: { therapist_ids: [staff.remote_therapist.user.id] },
      }),
      discharge: await call(t, {
        method: 'PATCH',
        url: '/clinic/therapist/patient/discharged',
        cookie,
        payload: { patient_ids: [patient.id] },
      }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.statusCode, `${name}: ${answer.body}`).toBeLessThan(300);
      const body = answer.json();
      for (const item of 'results' in body ? body.results : [body]) {
        expectNoClinicalFields(item, name);
      }
    }
  });

  it('refuses an office manager who enters or changes a diagnosis, and keeps the stored one', async () => {
    const { staff, patient, word } = await frontDesk();
    const cookie = staff.manager.cookie;
    const update = await call(t, {
      method: 'PUT',
      url: `/clinic/patient/${patient.id}/update`,
      cookie,
      payload: { first_name: 'Pat', last_name: patient.lastName, diagnosis: 'Changed' },
    });
    expect(update.statusCode).toBe(403);
    expect(Object.keys(update.json().error.fields)).toEqual(['diagnosis']);
    const cleared = await call(t, {
      method: 'PUT',
      url: `/clinic/patient/${patient.id}/update`,
      cookie,
      payload: { first_name: 'Pat', last_name: patient.lastName, selected_code: null },
    });
    expect(cleared.statusCode).toBe(403);
    const register = await call(t, {
      method: 'POST',
      url: '/clinic/patient/register',
      cookie,
      payload: { first_name: 'Walk', last_name: 'In', diagnosis: 'Knee pain' },
    });
    expect(register.statusCode).toBe(403);
    const [stored] = await t.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(stored?.diagnosis).toBe(`${word} radiculopathy`);
    expect(stored?.selectedCode).toBe('M5416');
  });
});
