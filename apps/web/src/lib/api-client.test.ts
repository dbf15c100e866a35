import { signInRoute } from '@homestretch/contract/auth/sign-in';
import { getClinicRoute, checkCodeRoute } from '@homestretch/contract/clinics/clinic';
import { listUsersRoute } from '@homestretch/contract/users/list-users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockApi } from '../test/mock-api';
import { userFixture } from '../test/fixtures';
import {
  ApiError,
  apiCall,
  NETWORK_ERROR_MESSAGE,
  parseRetryAfter,
  request,
  resolveUrl,
  toQueryString,
} from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) {
      return error;
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('resolveUrl', () => {
  const context = { apiBase: 'https://api.example.org', pageOrigin: 'https://app.example.org' };

  it('prefixes API paths with the API base', () => {
    expect(resolveUrl('/api/v1/users/', context)).toBe('https://api.example.org/api/v1/users/');
  });

  it('keeps same-origin paths relative when the base is empty', () => {
    expect(
      resolveUrl('/clinic/check_code?code=A1', {
        apiBase: '',
        pageOrigin: 'https://app.example.org',
      }),
    ).toBe('/clinic/check_code?code=A1');
  });

  it('sends any URL containing .html to the page origin (spec §7)', () => {
    expect(resolveUrl('/static/terms.html', context)).toBe(
      'https://app.example.org/static/terms.html',
    );
    expect(resolveUrl('/docs/help.html?x=1', context)).toBe(
      'https://app.example.org/docs/help.html?x=1',
    );
  });

  it('does not double the slash when the base ends with one', () => {
    expect(resolveUrl('/x', { apiBase: 'https://api.example.org/', pageOrigin: '' })).toBe(
      'https://api.example.org/x',
    );
  });
});

describe('toQueryString', () => {
  it('skips empty values and repeats arrays', () => {
    expect(
      toQueryString({ search: 'ann lee', page: 2, gone: undefined, none: null, ids: [1, 2] }),
    ).toBe('?search=ann+lee&page=2&ids=1&ids=2');
    expect(toQueryString({})).toBe('');
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('120')).toBe(120);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('request', () => {
  it('sends cookies and JSON, and answers the parsed body', async () => {
    const api = mockApi({ 'POST /clinic/referral/send-email': { body: { ok: true } } });
    const answer = await request('/clinic/referral/send-email', {
      method: 'POST',
      body: { email: 'a@b.co' },
    });
    expect(answer).toEqual({ ok: true });
    const [, init] = api.fetch.mock.calls[0] as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.co"}');
  });

  it('has no timeout of its own but passes the caller’s AbortSignal through', async () => {
    const api = mockApi({ 'GET /video/list': { body: [] } });
    const controller = new AbortController();
    await request('/video/list', { signal: controller.signal });
    const [, init] = api.fetch.mock.calls[0] as [string, RequestInit];
    expect(init.signal).toBe(controller.signal);
  });

  it('rethrows a cancellation untouched', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort();
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    await expect(request('/video/list', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('turns a network failure into an ApiError with a clear message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await caught(request('/api/v1/users/'));
    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('parses the one error shape: status, code, message, fields', async () => {
    mockApi({
      'POST /clinic/therapist/signup': {
        status: 400,
        body: errorBody('validation_failed', 'Check the highlighted fields', {
          email: 'Enter a valid email address',
        }),
      },
    });
    const error = await caught(request('/clinic/therapist/signup', { method: 'POST', body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Check the highlighted fields');
    expect(error.serverMessage).toBe('Check the highlighted fields');
    expect(error.fields).toEqual({ email: 'Enter a valid email address' });
  });

  it('reads Retry-After on 429', async () => {
    mockApi({
      'POST /clinic/therapist/signin': {
        status: 429,
        body: errorBody('rate_limited', 'Too many attempts. Try again in 2 minute(s).'),
        headers: { 'Retry-After': '90' },
      },
    });
    const error = await caught(request('/clinic/therapist/signin', { method: 'POST', body: {} }));
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBe(90);
  });

  it('keeps the status of an answer that is not our error shape, without server words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = await caught(request('/api/v1/users/'));
    expect(error.status).toBe(502);
    expect(error.code).toBe('unknown');
    expect(error.serverMessage).toBeNull();
    expect(error.fields).toEqual({});
  });

  it('maps a bare status to the generic code', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 403 })));
    expect((await caught(request('/x'))).code).toBe('forbidden');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 400 })));
    expect((await caught(request('/x'))).code).toBe('bad_request');
  });
});

describe('apiCall', () => {
  it('builds the path from params and the query string from query', async () => {
    const api = mockApi({
      'GET /api/v1/clinics/DEMO%2F1/': {
        body: {
          id: 1,
          code: 'DEMO/1',
          name: 'Riverside',
          time_zone: 'UTC',
          is_full_service: false,
        },
      },
      'GET /clinic/check_code': { body: { valid: true, clinic_name: 'Riverside' } },
    });
    await apiCall(getClinicRoute, { params: { code: 'DEMO/1' } });
    await apiCall(checkCodeRoute, { query: { code: 'DEMO01' } });
    const urls = api.fetch.mock.calls.map(([url]) => String(url));
    expect(urls).toEqual(['/api/v1/clinics/DEMO%2F1/', '/clinic/check_code?code=DEMO01']);
  });

  it('answers the response parsed by the contract schema', async () => {
    const user = userFixture();
    mockApi({ 'GET /api/v1/users/': { body: { results: [user], count: 1, extra: 'dropped' } } });
    const answer = await apiCall(listUsersRoute);
    expect(answer).toEqual({ results: [user], count: 1 });
  });

  it('refuses an answer that does not match the contract', async () => {
    mockApi({ 'POST /clinic/therapist/signin': { body: { user: { id: 'not-a-number' } } } });
    const error = await caught(apiCall(signInRoute, { body: { email: 'a@b.co', password: 'x' } }));
    expect(error.code).toBe('invalid_response');
    expect(error.status).toBe(200);
  });

  it('sends the method and body of the contract', async () => {
    const api = mockApi({ 'POST /clinic/therapist/signin': { body: { user: userFixture() } } });
    await apiCall(signInRoute, { body: { email: 'dana@example.org', password: 'secret-pass' } });
    expect(api.bodiesOf('POST /clinic/therapist/signin')).toEqual([
      { email: 'dana@example.org', password: 'secret-pass' },
    ]);
  });

  it('asks for keepalive only when the caller does, so the request can outlive the page', async () => {
    const api = mockApi({ 'POST /clinic/therapist/signin': { body: { user: userFixture() } } });
    const body = { email: 'dana@example.org', password: 'secret-pass' };
    await apiCall(signInRoute, { body, keepalive: true });
    await apiCall(signInRoute, { body });
    const inits = api.fetch.mock.calls.map(([, init]) => init as RequestInit);
    expect(inits.map((init) => init.keepalive)).toEqual([true, undefined]);
  });
});
