/**
 * The security headers and cookies of the production configuration (issue 16, standing proofs):
 * the app built from loadConfig with NODE_ENV=production behind a TLS-terminating proxy, as the
 * README deploys it. app.int.test.ts covers no-store on answers; auth.int.test.ts the
 * SameSite=None cookie of a web app on another site.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  type TestApp,
  call,
  clinicWithStaff,
  cookieOf,
  createPatient,
  createTestApp,
} from '../test/harness';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://clinic.example.com',
  TRUST_PROXY: 'on',
  VIDEO_SIGNING_KEY: 'production-test-video-signing-key',
};
/** What the proxy in front adds to every request it passes on over TLS. */
const BEHIND_TLS = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'clinic.example.com' };

let webRoot: string;
let production: TestApp;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'hs-headers-web-'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Homestretch</title>');
  production = await createTestApp({ env: PRODUCTION, webRoot });
});
afterAll(async () => {
  await production.close();
  await rm(webRoot, { recursive: true, force: true });
});

/** The Content-Security-Policy as directive → sources. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** Each Set-Cookie of an answer, with its attributes by lower-case name. */
function cookiesOf(response: LightMyRequestResponse) {
  const raw = response.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return lines.map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const name = pair.slice(0, pair.indexOf('='));
    const attrs = new Map(
      attributes.map((attribute) => {
        const [key = '', value = ''] = attribute.split('=');
        return [key.toLowerCase(), value] as const;
      }),
    );
    return { name, attrs, line };
  });
}

function expectHardenedCookies(response: LightMyRequestResponse, names: string[]): void {
  const cookies = cookiesOf(response);
  expect(cookies.map((cookie) => cookie.name).sort()).toEqual([...names].sort());
  for (const { attrs, line } of cookies) {
    expect(attrs.has('secure'), line).toBe(true);
    expect(attrs.has('httponly'), line).toBe(true);
    expect(attrs.get('samesite')?.toLowerCase(), line).toBe('lax');
    expect(attrs.get('path'), line).toBe('/');
    // A Domain attribute would hand the cookie to every subdomain of it.
    expect(attrs.has('domain'), line).toBe(false);
  }
}

describe('security headers in production, behind TLS', () => {
  it('give the page, an API answer and a refusal a CSP that allows no inline or eval script', async () => {
    const { clinic, staff } = await clinicWithStaff(production);
    const patient = await createPatient(production.db, { clinicId: clinic.id });
    const answers = {
      page: await call(production, { method: 'GET', url: '/patients', headers: BEHIND_TLS }),
      api: await call(production, {
        method: 'GET',
        url: `/api/v1/patients/${patient.id}/`,
        cookie: staff.therapist.cookie,
        headers: BEHIND_TLS,
      }),
      refusal: await call(production, {
        method: 'GET',
        url: '/api/v1/users/',
        headers: BEHIND_TLS,
      }),
    };
    expect(answers.page.headers['content-type']).toMatch(/text\/html/);
    expect(answers.api.statusCode).toBe(200);
    expect(answers.refusal.statusCode).toBe(401);
    for (const [what, response] of Object.entries(answers)) {
      const policy = csp(response);
      const scripts = policy.get('script-src') ?? policy.get('default-src');
      expect(scripts, what).toEqual(["'self'"]);
      expect(policy.get('script-src-attr'), what).toEqual(["'none'"]);
      expect(policy.get('object-src'), what).toEqual(["'none'"]);
      expect(policy.get('base-uri'), what).toEqual(["'self'"]);
      expect(policy.get('form-action'), what).toEqual(["'self'"]);
      // Nothing frames the app: a page of another site cannot overlay it (clickjacking).
      expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
      expect(response.headers['x-frame-options'], what).toBe('DENY');
      const hsts = String(response.headers['strict-transport-security']);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), what).toBeGreaterThanOrEqual(31_536_000);
      expect(response.headers['x-content-type-options'], what).toBe('nosniff');
      expect(response.headers['referrer-policy'], what).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy'], what).toBe('same-origin');
    }
    expect(answers.api.headers['cache-control']).toBe('no-store');
  });

  it('give the API documentation page a CSP of its own without inline script', async () => {
    const docs = await call(production, {
      method: 'GET',
      url: '/api/docs',
      headers: BEHIND_TLS,
    });
    expect(docs.statusCode).toBe(200);
    const scripts = csp(docs).get('script-src') ?? [];
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
  });

  it('sends no HSTS from a server run locally over plain http (development)', async () => {
    const local = await createTestApp({ env: { NODE_ENV: 'development' } });
    try {
      const answer = await call(local, { method: 'GET', url: '/api/v1/users/' });
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      expect(csp(answer).get('script-src')).toEqual(["'self'"]);
    } finally {
      await local.close();
    }
  });
});

describe('cookies in production', () => {
  it('are Secure, HttpOnly, SameSite=Lax, Path=/ and host-only from every sign-in and sign-out', async () => {
    const { clinic, staff } = await clinicWithStaff(production);
    const signIn = await call(production, {
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email: staff.therapist.user.email, password: TEST_PASSWORD },
      headers: BEHIND_TLS,
    });
    expect(signIn.statusCode).toBe(200);
    expectHardenedCookies(signIn, ['hs_session', 'hs_device']);

    const supervisor = await call(production, {
      method: 'POST',
      url: '/clinic/supervisor/signin',
      payload: { code: clinic.code, password: TEST_PASSWORD },
      headers: BEHIND_TLS,
    });
    expect(supervisor.statusCode).toBe(200);
    expectHardenedCookies(supervisor, ['hs_session', 'hs_device']);

    const signOut = await call(production, {
      method: 'POST',
      url: '/authentication/logout',
      cookie: cookieOf(signIn),
      headers: BEHIND_TLS,
    });
    expect(signOut.statusCode).toBe(200);
    expectHardenedCookies(signOut, ['hs_session']);
  });
});
