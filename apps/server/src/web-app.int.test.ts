import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, clinicWithStaff, createPatient, createTestApp } from './test/harness';

/** A built web app as `npm run build` leaves it: hashed assets with brotli and gzip copies. */
let webRoot: string;
let t: TestApp;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'hs-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Homestretch</title>');
  await writeFile(path.join(webRoot, 'favicon.svg'), '<svg/>');
  await mkdir(path.join(webRoot, 'app'));
  await writeFile(
    path.join(webRoot, 'app', 'index.html'),
    '<!doctype html><title>My program</title>',
  );
  const worker = 'self.addEventListener("fetch", () => {});';
  await writeFile(path.join(webRoot, 'app', 'sw.js'), worker);
  await writeFile(path.join(webRoot, 'app', 'sw.js.br'), brotliCompressSync(worker));
  const asset = path.join(webRoot, 'assets', 'index-AbC123.js');
  await writeFile(asset, script);
  await writeFile(`${asset}.br`, brotliCompressSync(script));
  await writeFile(`${asset}.gz`, gzipSync(script));
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends hashed assets pre-compressed and cached for a year', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has files that are not hashed checked again on every visit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the app for / and every page route to browsers and curl alike', async () => {
    for (const accept of ['text/html,application/xhtml+xml', '*/*', undefined]) {
      for (const url of [
        '/',
        '/patient-list',
        '/patient/3/dashboard?tab=health',
        // Pages under a segment the API shares (GET /chat/message).
        '/chat',
        '/chat/12/messages',
      ]) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: accept ? { accept } : {},
        });
        expect(response.statusCode, `${url} ${accept}`).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    }
  });

  it('names the first data of the screen it opens on, for the browser to ask for at once', async () => {
    const preload = (path: string) =>
      `<${path}>; rel=preload; as=fetch; crossorigin=use-credentials`;
    const linkOf = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).headers.link;
    expect(await linkOf('/patient/3/dashboard?tab=health')).toBe(
      ['/api/v1/users/', '/user/settings-info', '/api/v1/patients/3/'].map(preload).join(', '),
    );
    expect(await linkOf('/chat/12/messages')).toBe(
      ['/api/v1/users/', '/user/settings-info'].map(preload).join(', '),
    );
    expect(await linkOf('/login')).toBe(preload('/api/v1/users/'));
    // Pages for visitors not signed in ask for nothing early; nor does the patient app's page,
    // which names its own.
    expect(await linkOf('/therapist-signup')).toBeUndefined();
    expect(await linkOf('/app')).toBeUndefined();
  });

  it("serves the patient app's own page for /app and its routes, never the staff app", async () => {
    for (const url of ['/app', '/app/', '/app/ask', '/app?from=sms']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      expect(response.body, url).toContain('My program');
    }
    const staff = await t.app.inject({ method: 'GET', url: '/apple', headers: { accept: '*/*' } });
    expect(staff.body).toContain('<title>Homestretch</title>');
  });

  it("lets the patient app's service worker serve /app", async () => {
    for (const encoding of [undefined, 'br']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/app/sw.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['service-worker-allowed']).toBe('/app');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps the JSON 404 for a miss under an API path and for a client asking only for JSON', async () => {
    const misses = [
      { url: '/clinic/no-such-thing', accept: '*/*' },
      { url: '/api/v1/nothing/', accept: 'text/html' },
      { url: '/patient-list', accept: 'application/json' },
    ];
    for (const { url, accept } of misses) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/patient-list',
      headers: { accept: '*/*' },
    });
    expect(post.statusCode).toBe(404);
  });
});

describe("the deployment's settings in the pages", () => {
  const meta = (html: string) =>
    /<meta name="homestretch-settings" content="([^"]*)">/
      .exec(html)?.[1]
      ?.replaceAll('&quot;', '"');

  it('say error reporting is off when no web DSN is set, on every page and its file path', async () => {
    for (const url of ['/', '/index.html', '/app', '/app/index.html']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(JSON.parse(meta(response.body) ?? 'null'), url).toEqual({
        clinicAppOrigin: null,
        errorReporting: null,
      });
    }
  });

  it("hand the web apps Sentry's settings and let the page reach only that origin", async () => {
    const reporting = await createTestApp({
      webRoot,
      env: { SENTRY_WEB_DSN: 'https://key@o1.ingest.example.io/3', SENTRY_RELEASE: 'hs@1' },
    });
    try {
      for (const url of ['/patients', '/app']) {
        const page = await reporting.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
        expect(JSON.parse(meta(page.body) ?? 'null'), url).toEqual({
          clinicAppOrigin: null,
          errorReporting: {
            dsn: 'https://key@o1.ingest.example.io/3',
            environment: 'test',
            release: 'hs@1',
          },
        });
        expect(page.body.startsWith('<!doctype html><meta name="homestretch-settings"'), url).toBe(
          true,
        );
        const csp = String(page.headers['content-security-policy']);
        expect(csp).toContain("connect-src 'self' https://o1.ingest.example.io");
        expect(csp).toContain("worker-src 'self' blob:");
      }
    } finally {
      await reporting.close();
    }
  });
});

describe('JSON answers', () => {
  it('are compressed above 1 KB for a client that takes it, and left alone below', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    for (let index = 0; index < 12; index += 1) {
      await createPatient(t.db, { clinicId: clinic.id });
    }
    const roster = await t.app.inject({
      method: 'GET',
      url: '/api/v1/patients/',
      headers: { cookie: staff.therapist.cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(roster.statusCode).toBe(200);
    expect(roster.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(roster.rawPayload).toString());
    expect(body.count).toBeGreaterThan(0);
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/',
      headers: { cookie: staff.therapist.cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
