import { describe, expect, it } from 'vitest';
import { ERROR_REPORT_SAMPLING, scrubErrorEvent, scrubText, scrubUrl } from './error-report';

describe('scrubText', () => {
  it('removes e-mails, phone numbers and quoted values, keeping the words around them', () => {
    expect(scrubText('No patient maria.alvarez+rtm@example.com at +1 (415) 555-0132')).toBe(
      'No patient [email] at [phone]',
    );
    expect(scrubText(`Cannot read "Knee hurts after stairs" or 'Maria'`)).toBe(
      'Cannot read "[redacted]" or "[redacted]"',
    );
    expect(scrubText('Key (email)=(maria@example.com) already exists.')).toBe(
      'Key (email)=([redacted]) already exists.',
    );
  });

  it('leaves a message without personal data as it is', () => {
    expect(scrubText("Cannot read properties of undefined (reading 'id')")).toBe(
      'Cannot read properties of undefined (reading "[redacted]")',
    );
    expect(scrubText('Something went wrong on our side (reference req-4f)')).toBe(
      'Something went wrong on our side (reference req-4f)',
    );
  });
});

describe('scrubUrl', () => {
  it('drops the query string and the fragment, where sign-up and reset links carry tokens', () => {
    expect(scrubUrl('/reset-password?uid=4&token=abc')).toBe('/reset-password');
    expect(scrubUrl('https://x.test/patient/7/dashboard#notes')).toBe(
      'https://x.test/patient/7/dashboard',
    );
    expect(scrubUrl('/patients')).toBe('/patients');
  });
});

describe('scrubErrorEvent', () => {
  const event = {
    event_id: 'e1',
    message: 'Failed for jose@example.com',
    user: { id: 12, email: 'dana@clinic.test', username: 'Dana Reyes', ip_address: '10.0.0.4' },
    request: {
      method: 'POST',
      url: 'https://clinic.test/clinic/patient/register?search=Maria',
      data: { first_name: 'Maria', phone: '+14155550132' },
      cookies: { hs_session: 'secret' },
      headers: { Cookie: 'hs_session=secret', Referer: 'https://clinic.test/patients?q=Maria' },
    },
    extra: { patient: { first_name: 'Maria' } },
    contexts: {
      browser: { name: 'Chrome' },
      trace: { trace_id: 't' },
      state: { patient: 'Maria Alvarez' },
    },
    breadcrumbs: [
      { category: 'navigation', data: { from: '/patients?q=Maria', to: '/patient/7/dashboard' } },
      { category: 'ui.click', message: 'button[aria-label="Call Maria Alvarez"]' },
      { category: 'console', message: 'Maria Alvarez saved' },
      {
        category: 'fetch',
        message: 'GET /api',
        data: { method: 'GET', url: '/clinic/patient?search=Maria', status_code: 500, body: 'x' },
      },
    ],
    exception: {
      values: [
        {
          type: 'AppError',
          value: 'Patient "Maria Alvarez" not found',
          stacktrace: { frames: [{ function: 'load', vars: { name: 'Maria' } }] },
        },
      ],
    },
    spans: [{ description: 'GET /clinic/patient?search=Maria', data: { url: '/x?q=Maria' } }],
    tags: { period: '2025-01' },
  };

  it('keeps only what finds the fault: ids, paths, types, the machine', () => {
    expect(scrubErrorEvent(event)).toEqual({
      event_id: 'e1',
      message: 'Failed for [email]',
      user: { id: 12 },
      request: { method: 'POST', url: 'https://clinic.test/clinic/patient/register' },
      extra: undefined,
      logentry: undefined,
      transaction: undefined,
      contexts: { browser: { name: 'Chrome' }, trace: { trace_id: 't' } },
      breadcrumbs: [
        {
          category: 'navigation',
          message: undefined,
          data: { from: '/patients', to: '/patient/7/dashboard' },
        },
        {
          category: 'fetch',
          message: undefined,
          data: { method: 'GET', status_code: 500, url: '/clinic/patient' },
        },
      ],
      exception: {
        values: [
          {
            type: 'AppError',
            value: 'Patient "[redacted]" not found',
            stacktrace: { frames: [{ function: 'load' }] },
          },
        ],
      },
      spans: [{ description: 'GET /clinic/patient', data: { url: '/x' } }],
      tags: { period: '2025-01' },
    });
  });

  it('contains none of the personal data it was given', () => {
    const sent = JSON.stringify(scrubErrorEvent(event));
    for (const secret of [
      'Maria',
      'jose@',
      'dana@',
      'Dana',
      '4155550132',
      'hs_session',
      '10.0.0.4',
    ]) {
      expect(sent).not.toContain(secret);
    }
  });

  it('pins the sampling of spec §9', () => {
    expect(ERROR_REPORT_SAMPLING).toEqual({
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 1,
      replaysOnErrorSampleRate: 1,
    });
  });
});
