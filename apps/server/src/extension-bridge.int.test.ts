import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RESTRICTED_USER_CODE } from '@homestretch/contract/common/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics } from './db/schema';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createClinic,
  createTestApp,
  createUser,
  sessionCookie,
} from './test/harness';

/** The browser-extension bridge's server side (spec §4, docs/decisions/027-extension-bridge.md). */
const CLINIC = 'https://emr.clinic.example';
let webRoot: string;
let bridged: TestApp;
let plain: TestApp;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'hs-bridge-web-'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><head><title>Homestretch</title></head><div id="root"></div>',
  );
  bridged = await createTestApp({ webRoot, env: { CLINIC_APP_ORIGIN: `${CLINIC}/` } });
  plain = await createTestApp({ webRoot });
});
afterAll(async () => {
  await Promise.all([bridged.close(), plain.close()]);
  await rm(webRoot, { recursive: true, force: true });
});

describe('the clinic application origin reaches the web app at run time', () => {
  it('is written into the page when set, and absent when the bridge is off', async () => {
    const page = await bridged.app.inject({ method: 'GET', url: '/patients' });
    expect(page.body).toContain(`&quot;clinicAppOrigin&quot;:&quot;${CLINIC}&quot;`);
    const off = await plain.app.inject({ method: 'GET', url: '/patients' });
    expect(off.body).toContain('&quot;clinicAppOrigin&quot;:null');
  });

  it('stays reachable from the clinic window that opened it, only when the bridge is on', async () => {
    const page = await bridged.app.inject({ method: 'GET', url: '/patients' });
    expect(page.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const off = await plain.app.inject({ method: 'GET', url: '/patients' });
    expect(off.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('CORS for the clinic application', () => {
  const preflight = (t: TestApp, origin: string, method: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/',
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization',
      },
    });

  it('lets the clinic origin read with a bearer token, never with cookies', async () => {
    const response = await preflight(bridged, CLINIC, 'GET');
    expect(response.headers['access-control-allow-origin']).toBe(CLINIC);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['access-control-allow-methods']).toBe('GET');
    expect(response.headers['access-control-allow-headers']).toBe('authorization');
  });

  it('allows no other origin, and none at all when the bridge is off', async () => {
    expect(
      (await preflight(bridged, 'https://evil.example', 'GET')).headers[
        'access-control-allow-origin'
      ],
    ).toBeUndefined();
    expect(
      (await preflight(plain, CLINIC, 'GET')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });
});

describe('the restricted user flag (spec §4: clinic code X5218)', () => {
  it('refuses the extension token to a restricted clinic, and only to it', async () => {
    const [existing] = await bridged.db
      .select()
      .from(clinics)
      .where(eq(clinics.code, RESTRICTED_USER_CODE));
    const restricted = existing ?? (await createClinic(bridged.db, { code: RESTRICTED_USER_CODE }));
    const therapist = await createUser(bridged.db, { clinicId: restricted.id, role: 'therapist' });
    const refused = await call(bridged, {
      method: 'GET',
      url: '/authentication/extension-token',
      cookie: await sessionCookie(bridged, therapist.id),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'forbidden',
      message:
        "This clinic's account is restricted: its data is not handed to the browser extension.",
    });
    const me = await call(bridged, {
      method: 'GET',
      url: '/api/v1/users/',
      cookie: await sessionCookie(bridged, therapist.id),
    });
    expect(me.json().results[0].code).toBe(RESTRICTED_USER_CODE);

    const { staff } = await clinicWithStaff(bridged);
    const issued = await call(bridged, {
      method: 'GET',
      url: '/authentication/extension-token',
      cookie: staff.therapist.cookie,
    });
    expect(issued.statusCode).toBe(200);
  });
});
