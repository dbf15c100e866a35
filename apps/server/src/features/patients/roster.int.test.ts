import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAPPED_AT } from '@homestretch/contract/common/constants';
import { auditLog, patients } from '../../db/schema';
import {
  call,
  clinicWithStaff,
  createClinic,
  createPatient,
  createUser,
  sessionCookie,
  testAppForFile,
} from '../../test/harness';
import { patientSearchColumns } from './patient-search';

const t = testAppForFile();

const list = (cookie: string, query = '') =>
  call(t, { method: 'GET', url: `/api/v1/patients/${query}`, cookie });
const names = (response: { json(): unknown }) =>
  (response.json() as { results: { first_name: string; last_name: string }[] }).results.map(
    (patient) => `${patient.first_name} ${patient.last_name}`,
  );

describe('the roster: GET /api/v1/patients/', () => {
  it('finds patients by name in either order, prefix, case and accents ignored; never another clinic’s', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const other = await createClinic(t.db);
    await createPatient(t.db, { clinicId: clinic.id, firstName: 'José', lastName: 'Núñez' });
    await createPatient(t.db, { clinicId: clinic.id, firstName: 'Ann', lastName: 'Johnson' });
    await createPatient(t.db, { clinicId: other.id, firstName: 'José', lastName: 'Núñez' });
    for (const search of ['jose nunez', 'NÚÑEZ, José', 'nun jo', 'Jos']) {
      const response = await list(staff.therapist.cookie, `?search=${encodeURIComponent(search)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().count).toBe(1);
      expect(names(response)).toEqual(['José Núñez']);
    }
  });

  it('finds phone digits, e-mail, diagnosis words and ICD-10 codes', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    await createPatient(t.db, {
      clinicId: clinic.id,
      firstName: 'Maya',
      lastName: 'Okafor',
      phone: '+15552019876',
      email: 'maya.okafor@example.com',
      diagnosis: 'Adhesive capsulitis of left shoulder',
      selectedCode: 'M7502',
    });
    await createPatient(t.db, { clinicId: clinic.id, firstName: 'Lee', lastName: 'Park' });
    for (const search of ['(555) 201-98', 'maya.ok', 'okafor@', 'capsulitis', 'M75.0', 'm7502']) {
      const response = await list(staff.therapist.cookie, `?search=${encodeURIComponent(search)}`);
      expect(names(response), search).toEqual(['Maya Okafor']);
    }
    // The front desk finds patients by contact details, never by what the diagnosis says.
    for (const search of ['(555) 201-98', 'maya.ok', 'okafor@']) {
      const response = await list(staff.manager.cookie, `?search=${encodeURIComponent(search)}`);
      expect(names(response), search).toEqual(['Maya Okafor']);
    }
    for (const search of ['capsulitis', 'M75.0', 'm7502']) {
      const response = await list(staff.manager.cookie, `?search=${encodeURIComponent(search)}`);
      expect(names(response), search).toEqual([]);
    }
  });

  it('ranks exact names, then name prefixes, then contact details, then diagnoses, each by last name', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const people: [string, string, Partial<typeof patients.$inferInsert>][] = [
      ['Jo', 'Adams', {}],
      ['Johanna', 'Álvarez', { email: 'jo.alvarez@example.com' }],
      ['Ann', 'Johnson', {}],
      ['Joanna', 'Smith-Jones', {}],
      ['Brian', 'Dejong', {}],
      ['Zoë', 'Brontë', { email: 'zoe@jomail.example' }],
      ['Ravi', 'Patel', { diagnosis: 'Joint stiffness of right knee' }],
      ['Mary', 'Jo', {}],
      ['Jo', 'Adams', {}],
      ['Nobody', 'Matches', { email: 'maryjo@example.com', diagnosis: 'Mary Jo syndrome' }],
    ];
    const ids: number[] = [];
    for (const [firstName, lastName, extra] of people) {
      ids.push(
        (await createPatient(t.db, { clinicId: clinic.id, firstName, lastName, ...extra })).id,
      );
    }
    const [adams, alvarez, johnson, smithJones, , bronte, patel, maryJo, adams2, nobody] = ids;
    const expected: [string, (number | undefined)[]][] = [
      // Name prefixes only, by last name then first (accents ignored), then id.
      ['jo', [adams, adams2, alvarez, maryJo, johnson, smithJones]],
      ['jo.', [adams, adams2, alvarez, maryJo, johnson, smithJones]],
      ['a', [adams, adams2, alvarez, johnson]],
      ['Jo Adams', [adams, adams2]],
      // The exact name first; the e-mail and diagnosis matches after it.
      ['mary jo', [maryJo, nobody]],
      ['maryjo', [nobody]],
      ['ong', []],
      ['joi', [patel]],
      ['right knee', [patel]],
      ['jo.al', [alvarez]],
      ['zoe@jo', [bronte]],
    ];
    for (const [search, order] of expected) {
      const response = await list(staff.therapist.cookie, `?search=${encodeURIComponent(search)}`);
      const found = (response.json() as { results: { id: number }[] }).results.map((row) => row.id);
      expect(found, search).toEqual(order);
      expect(response.json().count, search).toBe(order.length);
    }
  });

  it('keeps the search words in step with every change made through the API', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const cookie = staff.therapist.cookie;
    const patient = await createPatient(t.db, {
      clinicId: clinic.id,
      firstName: 'Zoë',
      lastName: "D'Arcy-Núñez",
      email: 'zoe.darcy+pt@example.com',
      diagnosis: "Baker's cyst, right knee",
      selectedCode: 'M71.21',
    });
    for (const search of ['darcy', 'nunez', 'zoe darcy nunez', 'pt@example', 'bakers', 'M71.2']) {
      expect(names(await list(cookie, `?search=${encodeURIComponent(search)}`)), search).toEqual([
        "Zoë D'Arcy-Núñez",
      ]);
    }
    const updated = await call(t, {
      method: 'PUT',
      url: `/clinic/patient/${patient.id}/update`,
      cookie,
      payload: { first_name: 'Zoe', last_name: 'Quinn', email: 'zq@example.com' },
    });
    expect(updated.statusCode).toBe(200);
    expect(names(await list(cookie, '?search=nunez'))).toEqual([]);
    expect(names(await list(cookie, '?search=pt%40example'))).toEqual([]);
    expect(names(await list(cookie, '?search=quin'))).toEqual(['Zoe Quinn']);
    expect(names(await list(cookie, '?search=zq%40'))).toEqual(['Zoe Quinn']);
    expect(names(await list(cookie, '?search=bakers'))).toEqual(['Zoe Quinn']);

    await t.db.update(patients).set({ status: 'discharged' }).where(eq(patients.id, patient.id));
    expect(names(await list(cookie, '?search=quin'))).toEqual([]);
    expect(names(await list(cookie, '?search=quin&status=discharged'))).toEqual(['Zoe Quinn']);
    expect(names(await list(cookie, '?search=quin&status=all'))).toEqual(['Zoe Quinn']);

    await t.db.update(patients).set({ status: 'removed' }).where(eq(patients.id, patient.id));
    expect(names(await list(cookie, '?search=quin&status=all'))).toEqual([]);
  });

  it('finds Łukasz, Čapek and Straße typed plainly, in names and diagnoses alike', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    await createPatient(t.db, {
      clinicId: clinic.id,
      firstName: 'Łukasz',
      lastName: 'Straße',
      diagnosis: 'Čapek łokieć lesion',
    });
    await createPatient(t.db, { clinicId: clinic.id, firstName: 'Ørjan', lastName: 'Đorđević' });
    const found = async (search: string, cookie = staff.therapist.cookie) =>
      names(await list(cookie, `?search=${encodeURIComponent(search)}`));
    for (const search of ['lukasz', 'Łukasz', 'strasse', 'STRASSE', 'straße', 'luk stra']) {
      expect(await found(search), search).toEqual(['Łukasz Straße']);
    }
    for (const search of ['capek', 'lokiec', 'Čapek łokieć']) {
      expect(await found(search), search).toEqual(['Łukasz Straße']);
      // The front desk is not told what a diagnosis says.
      expect(await found(search, staff.manager.cookie), search).toEqual([]);
    }
    for (const search of ['orjan', 'dordevic', 'ørjan đorđević']) {
      expect(await found(search), search).toEqual(['Ørjan Đorđević']);
    }
  });

  it('counts the roster from the clinic’s counters, in step with every change', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const cookie = staff.therapist.cookie;
    const created = [];
    for (let index = 0; index < 6; index += 1) {
      created.push(
        await createPatient(t.db, {
          clinicId: clinic.id,
          firstName: `Count${index}`,
          lastName: 'Keeper',
          isRtmCovered: index % 2 === 0,
        }),
      );
    }
    const [first, second, third, fourth] = created.map((patient) => patient.id);
    const send = (method: 'PATCH' | 'POST', url: string, payload: object) =>
      call(t, { method, url, cookie, payload });
    expect(
      (
        await send('PATCH', '/clinic/therapist/patient/discharged', {
          patient_ids: [first, second],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await send('PATCH', `/clinic/patient/${third}/update-rtm-coverage`, {
          is_rtm_covered: false,
        })
      ).statusCode,
    ).toBe(200);
    expect((await send('POST', `/api/v1/patients/${fourth}/remove/`, {})).statusCode).toBe(200);
    await t.db.delete(patients).where(eq(patients.id, created[5]!.id));

    const truth = async (where: (row: typeof patients.$inferSelect) => boolean) =>
      (await t.db.select().from(patients).where(eq(patients.clinicId, clinic.id))).filter(where)
        .length;
    const cases: [string, (row: typeof patients.$inferSelect) => boolean][] = [
      ['', (row) => row.status === 'active'],
      ['?status=discharged', (row) => row.status === 'discharged'],
      ['?status=all', (row) => row.status !== 'removed'],
      ['?status=all&rtm=true', (row) => row.status !== 'removed' && row.isRtmCovered],
      ['?rtm=false', (row) => row.status === 'active' && !row.isRtmCovered],
    ];
    for (const [query, where] of cases) {
      const expected = await truth(where);
      expect((await list(cookie, query)).json().count, query).toBe(expected);
    }
    expect((await list(cookie, '?status=all')).json().count).toBe(4);
  });

  it('counts every match of a search, past the first page too', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    for (let index = 0; index < 27; index += 1) {
      await createPatient(t.db, {
        clinicId: clinic.id,
        firstName: `Pat${String(index).padStart(2, '0')}`,
        lastName: 'Kowalczyk',
        diagnosis: index % 2 === 0 ? 'Kowalczyk syndrome' : null,
      });
    }
    const first = await list(staff.therapist.cookie, '?search=kowal');
    expect(first.json().count).toBe(27);
    expect(first.json().results).toHaveLength(25);
    const second = await list(staff.therapist.cookie, '?search=kowal&page=2');
    expect(second.json().count).toBe(27);
    expect(names(second)).toEqual(['Pat25 Kowalczyk', 'Pat26 Kowalczyk']);
    const past = await list(staff.therapist.cookie, '?search=kowal&page=3');
    expect(past.json().count).toBe(27);
    expect(past.json().results).toEqual([]);
  });

  it('counts a broad search up to 1,000 and says when there are more', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    await t.db.insert(patients).values(
      Array.from({ length: SEARCH_COUNT_CAPPED_AT + 2 }, (_, index) => {
        const firstName = `Broad${String(index).padStart(4, '0')}`;
        const values = { firstName, lastName: 'Nowak', phone: null, email: null };
        const extra = { diagnosis: 'Knee pain', selectedCode: null };
        return {
          clinicId: clinic.id,
          ...values,
          ...extra,
          ...patientSearchColumns({ clinicId: clinic.id, ...values, ...extra }),
        };
      }),
    );
    const first = await list(staff.therapist.cookie, '?search=knee');
    expect(first.json()).toMatchObject({ count: SEARCH_COUNT_CAPPED_AT, count_capped: true });
    expect(names(first).slice(0, 2)).toEqual(['Broad0000 Nowak', 'Broad0001 Nowak']);
    const last = await list(
      staff.therapist.cookie,
      `?search=knee&page=${SEARCH_COUNT_CAPPED_AT / 25}`,
    );
    expect(names(last).at(-1)).toBe('Broad0999 Nowak');
    // A search that matches fewer, and the unsearched roster, are counted exactly.
    const narrow = await list(staff.therapist.cookie, '?search=broad0001');
    expect(narrow.json().count).toBe(1);
    expect(narrow.json()).not.toHaveProperty('count_capped');
    expect((await list(staff.therapist.cookie)).json().count).toBe(SEARCH_COUNT_CAPPED_AT + 2);
  });

  it('filters by status, "my patients" and RTM coverage, sorted by last name', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const therapist = staff.therapist.user;
    await createPatient(t.db, { clinicId: clinic.id, firstName: 'Cara', lastName: 'Zimmer' }, [
      therapist.id,
    ]);
    await createPatient(t.db, {
      clinicId: clinic.id,
      firstName: 'Abe',
      lastName: 'Young',
      isRtmCovered: true,
    });
    await createPatient(t.db, {
      clinicId: clinic.id,
      firstName: 'Dot',
      lastName: 'Xu',
      status: 'discharged',
    });
    await createPatient(t.db, {
      clinicId: clinic.id,
      firstName: 'Rex',
      lastName: 'Removed',
      status: 'removed',
    });
    const cookie = staff.therapist.cookie;
    expect(names(await list(cookie))).toEqual(['Abe Young', 'Cara Zimmer']);
    expect(names(await list(cookie, '?status=discharged'))).toEqual(['Dot Xu']);
    expect(names(await list(cookie, '?status=all'))).toEqual([
      'Dot Xu',
      'Abe Young',
      'Cara Zimmer',
    ]);
    expect(names(await list(cookie, '?mine=true'))).toEqual(['Cara Zimmer']);
    expect(names(await list(cookie, '?rtm=true'))).toEqual(['Abe Young']);
    expect(names(await list(cookie, '?rtm=false&status=all'))).toEqual(['Dot Xu', 'Cara Zimmer']);
    const [zimmer] = (await list(cookie, '?mine=true')).json().results;
    expect(zimmer.therapists).toEqual([
      {
        id: therapist.id,
        first_name: therapist.firstName,
        last_name: therapist.lastName,
        role: 'therapist',
      },
    ]);
    expect(zimmer.clinic_code).toBe(clinic.code);
  });

  it('pages 25 at a time with the total count, and audits what was shown', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    for (let index = 0; index < 27; index += 1) {
      await createPatient(t.db, {
        clinicId: clinic.id,
        firstName: 'Page',
        lastName: `Person ${String(index).padStart(2, '0')}`,
      });
    }
    const first = await list(staff.admin.cookie, '?page=1');
    const second = await list(staff.admin.cookie, '?page=2');
    expect(first.json().count).toBe(27);
    expect(first.json().results).toHaveLength(25);
    expect(names(second)).toEqual(['Page Person 25', 'Page Person 26']);
    expect((await list(staff.admin.cookie, '?page=9')).json()).toEqual({ results: [], count: 27 });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'patient.list'), eq(auditLog.actorUserId, staff.admin.user.id)),
      )
      .orderBy(auditLog.id);
    expect(audits).toHaveLength(3);
    expect((audits[1]?.details as { patient_ids: number[] }).patient_ids).toHaveLength(2);
  });

  it('reads any search text as words, never as query syntax', async () => {
    const { staff } = await clinicWithStaff(t);
    const odd = [
      "'",
      '\\',
      "a' | b",
      '!&|:*()<->',
      'x:*A & !y',
      "o'neil@ex'ample",
      '\u{FDFA}'.repeat(100).slice(0, 100),
      '9'.repeat(100),
      '🙂'.repeat(50),
      'ΑΣ ᾳ ﬁ',
    ];
    for (const search of odd) {
      const response = await list(staff.therapist.cookie, `?search=${encodeURIComponent(search)}`);
      expect(response.statusCode, JSON.stringify(search)).toBe(200);
    }
  });

  it('names bad query parameters, and lets only staff in', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const bad = await list(staff.therapist.cookie, '?page=0&status=archived&mine=maybe');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['mine', 'page', 'status']);
    const long = await list(staff.therapist.cookie, `?search=${'x'.repeat(101)}`);
    expect(long.json().error.fields.search).toBeDefined();
    expect((await call(t, { method: 'GET', url: '/api/v1/patients/' })).statusCode).toBe(401);
    const patientUser = await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
    expect((await list(await sessionCookie(t, patientUser.id))).statusCode).toBe(403);
  });
});

describe('the roster by therapist: GET /api/v1/patients/?therapist', () => {
  it('filters by one therapist for any staff member, office managers included', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const colleague = await createUser(t.db, { clinicId: clinic.id, role: 'remote_therapist' });
    const therapist = staff.therapist.user;
    await createPatient(t.db, { clinicId: clinic.id, firstName: 'Ida', lastName: 'Brandt' }, [
      colleague.id,
    ]);
    await createPatient(t.db, { clinicId: clinic.id, firstName: 'Oren', lastName: 'Cole' }, [
      therapist.id,
      colleague.id,
    ]);
    await createPatient(t.db, { clinicId: clinic.id, firstName: 'Tess', lastName: 'Avery' }, [
      therapist.id,
    ]);
    await createPatient(
      t.db,
      { clinicId: clinic.id, firstName: 'Vic', lastName: 'Dunn', status: 'discharged' },
      [colleague.id],
    );
    const manager = staff.manager.cookie;
    expect(names(await list(manager, `?therapist=${colleague.id}`))).toEqual([
      'Ida Brandt',
      'Oren Cole',
    ]);
    expect(names(await list(manager, `?therapist=${colleague.id}&status=all`))).toEqual([
      'Ida Brandt',
      'Oren Cole',
      'Vic Dunn',
    ]);
    expect(names(await list(manager, `?therapist=${therapist.id}&search=cole`))).toEqual([
      'Oren Cole',
    ]);
    // "My patients" and the caller's own id are the same list.
    expect(names(await list(staff.therapist.cookie, `?therapist=${therapist.id}`))).toEqual(
      names(await list(staff.therapist.cookie, '?mine=true')),
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'patient.list'), eq(auditLog.actorUserId, staff.manager.user.id)),
      )
      // The manager's first list of this test: without an order a table gives no row first.
      .orderBy(asc(auditLog.id))
      .limit(1);
    expect(audit?.details).toMatchObject({ therapist: colleague.id });
  });

  it('refuses a therapist outside the clinic’s treating staff alike, so another clinic’s leaks nothing', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    await createPatient(
      t.db,
      { clinicId: outsider.clinic.id, firstName: 'Nora', lastName: 'Elsewhere' },
      [outsider.staff.therapist.user.id],
    );
    const patientUser = await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
    const refusal = async (id: number | string) => {
      const response = await list(staff.manager.cookie, `?therapist=${id}`);
      expect(response.statusCode, String(id)).toBe(400);
      expect(Object.keys(response.json().error.fields), String(id)).toEqual(['therapist']);
      return response.body.replaceAll(String(id), '{id}');
    };
    const unknown = await refusal(999_999_999);
    // Another clinic's therapist answers exactly like an id nobody has: no names, no count.
    expect(await refusal(outsider.staff.therapist.user.id)).toBe(unknown);
    expect(unknown).not.toContain('Elsewhere');
    // Staff who cannot treat, and patients' logins, treat nobody.
    expect(await refusal(staff.manager.user.id)).toBe(unknown);
    expect(await refusal(patientUser.id)).toBe(unknown);

    for (const bad of ['abc', '0', '1.5', '99999999999']) {
      const response = await list(staff.therapist.cookie, `?therapist=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.fields.therapist, bad).toBeDefined();
    }
    const both = await list(
      staff.therapist.cookie,
      `?mine=true&therapist=${staff.therapist.user.id}`,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields).toEqual({
      therapist: 'Choose my patients or one therapist, not both',
    });
  });
});

describe('the patient record: GET /api/v1/patients/{id}/', () => {
  it('opens for clinicians and is audited; office managers get 403; another clinic 404', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, {
      clinicId: clinic.id,
      firstName: 'Rosa',
      lastName: 'Delgado',
      birthday: '1958-04-12',
    });
    for (const role of ['therapist', 'remote_therapist', 'admin', 'supervisor'] as const) {
      const response = await call(t, {
        method: 'GET',
        url: `/api/v1/patients/${patient.id}/`,
        cookie: staff[role].cookie,
      });
      expect(response.statusCode, role).toBe(200);
    }
    const record = await call(t, {
      method: 'GET',
      url: `/api/v1/patients/${patient.id}/`,
      cookie: staff.therapist.cookie,
    });
    expect(record.json()).toMatchObject({
      id: patient.id,
      first_name: 'Rosa',
      birthday: '1958-04-12',
      status: 'active',
      has_app_account: false,
    });
    expect(record.json()).not.toHaveProperty('search_name');
    const reads = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.read'), eq(auditLog.patientId, patient.id)));
    expect(reads).toHaveLength(5);

    const manager = await call(t, {
      method: 'GET',
      url: `/api/v1/patients/${patient.id}/`,
      cookie: staff.manager.cookie,
    });
    expect(manager.statusCode).toBe(403);

    const outsider = await clinicWithStaff(t);
    const foreign = await call(t, {
      method: 'GET',
      url: `/api/v1/patients/${patient.id}/`,
      cookie: outsider.staff.therapist.cookie,
    });
    const missing = await call(t, {
      method: 'GET',
      url: '/api/v1/patients/999999999/',
      cookie: outsider.staff.therapist.cookie,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    const bad = await call(t, {
      method: 'GET',
      url: '/api/v1/patients/abc/',
      cookie: staff.therapist.cookie,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.id).toBeDefined();
  });

  it('refuses an id beyond PostgreSQL’s integer with 400 naming it, not 500', async () => {
    const { staff } = await clinicWithStaff(t);
    const response = await call(t, {
      method: 'GET',
      url: '/api/v1/patients/3000000000/',
      cookie: staff.therapist.cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ id: 'Must be at most 2147483647' });
  });
});
