import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/homestretch' });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: '/srv/homestretch/data',
      databaseUrl: undefined,
      webOrigins: [],
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      socketsPerSession: 20,
      demoSeed: true,
      devOutbox: false,
      cookieSecure: false,
      cookieSameSite: 'lax',
      publicUrl: 'http://localhost:3000',
    });
  });

  it('turns the demo seed off for PostgreSQL unless asked, and parses origins', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db.internal/homestretch',
      WEB_ORIGINS: 'https://app.example.com/, https://admin.example.com',
      NODE_ENV: 'production',
    });
    expect(config.demoSeed).toBe(false);
    expect(config.cookieSecure).toBe(true);
    expect(config.webOrigins).toEqual(['https://app.example.com', 'https://admin.example.com']);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', DEMO_SEED: 'on' }).demoSeed).toBe(true);
  });

  it('never loads the demo in production unless DEMO_SEED=on is set explicitly', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoSeed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'on' }).demoSeed).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoSeed).toBe(true);
  });

  it('takes the clinic application as one origin, and leaves the bridge off without it', () => {
    expect(loadConfig({}).clinicAppOrigin).toBeNull();
    expect(loadConfig({ CLINIC_APP_ORIGIN: 'https://clinic.example.com/' }).clinicAppOrigin).toBe(
      'https://clinic.example.com',
    );
    for (const bad of ['clinic.example.com', 'https://clinic.example.com/app', 'ftp://x.org']) {
      expect(() => loadConfig({ CLINIC_APP_ORIGIN: bad })).toThrow(
        /CLINIC_APP_ORIGIN: Must be an origin/,
      );
    }
  });

  it('serves the outbox only when asked, and never in production', () => {
    expect(loadConfig({}).devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: 'on' }).devOutbox).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'on' })).toThrow(/DEV_OUTBOX/);
  });

  it('stops with a message naming each bad variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', SESSION_IDLE_MINUTES: '-5', WEB_ORIGINS: 'not a url' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_SEED: 'maybe' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*DEMO_SEED/);
  });

  it('sets the cookie SameSite from COOKIE_SAMESITE, and None only with Secure', () => {
    expect(loadConfig({ COOKIE_SAMESITE: 'strict' }).cookieSameSite).toBe('strict');
    expect(loadConfig({ COOKIE_SAMESITE: 'none', COOKIE_SECURE: 'on' })).toMatchObject({
      cookieSameSite: 'none',
      cookieSecure: true,
    });
    // Production turns Secure on by default, which is enough.
    expect(loadConfig({ COOKIE_SAMESITE: 'none', NODE_ENV: 'production' }).cookieSecure).toBe(true);
    for (const env of [
      { COOKIE_SAMESITE: 'none' },
      { COOKIE_SAMESITE: 'none', COOKIE_SECURE: 'off' },
    ]) {
      expect(() => loadConfig(env)).toThrow(/COOKIE_SAMESITE: none needs Secure cookies/);
    }
    expect(() => loadConfig({ COOKIE_SAMESITE: 'Relaxed' })).toThrow(
      /COOKIE_SAMESITE: Use lax, strict or none/,
    );
  });

  it('sends SMS through Twilio only with all three settings, and names what is missing', () => {
    expect(loadConfig({}).twilio).toBeNull();
    const sid = `AC${'0'.repeat(32)}`;
    expect(
      loadConfig({
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: 'token-of-thirty-two-characters!!',
        TWILIO_FROM: '+15005550006',
      }).twilio,
    ).toEqual({
      accountSid: sid,
      authToken: 'token-of-thirty-two-characters!!',
      from: '+15005550006',
    });
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid })).toThrow(
      /TWILIO_AUTH_TOKEN: Required[\s\S]*TWILIO_FROM: Required/,
    );
    expect(() =>
      loadConfig({
        TWILIO_ACCOUNT_SID: 'nope',
        TWILIO_AUTH_TOKEN: 'x'.repeat(32),
        TWILIO_FROM: '555',
      }),
    ).toThrow(/TWILIO_ACCOUNT_SID[\s\S]*TWILIO_FROM/);
  });

  it('uploads to this server by default, signed with a key the server keeps unless one is set', () => {
    expect(loadConfig({}).video).toEqual({
      signingKey: undefined,
      libraryId: '1',
      uploadUrl: '/tusupload',
      maxUploadBytes: 500 * 1024 * 1024,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).video.signingKey).toBeTruthy();
    expect(() => loadConfig({ VIDEO_UPLOAD_URL: 'https://video.bunnycdn.com/tusupload' })).toThrow(
      /VIDEO_SIGNING_KEY: Required when VIDEO_UPLOAD_URL is set/,
    );
    expect(() => loadConfig({ VIDEO_SIGNING_KEY: 'short' })).toThrow(/VIDEO_SIGNING_KEY/);
  });

  it('stores files in S3 only with the bucket and both keys, and names what is missing', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(
      loadConfig({ S3_BUCKET: 'films', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).s3,
    ).toEqual({
      endpoint: undefined,
      bucket: 'films',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      region: 'us-east-1',
    });
    expect(() => loadConfig({ S3_BUCKET: 'films' })).toThrow(
      /S3_ACCESS_KEY_ID: Required[\s\S]*S3_SECRET_ACCESS_KEY: Required/,
    );
  });
});
