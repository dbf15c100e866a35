import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { createQueryClient, DEFAULT_STALE_TIME_MS, shouldRetry } from './query-client';

const apiError = (status: number) => new ApiError({ status, code: 'unknown', message: 'x' });

describe('query client defaults', () => {
  it('never retries a 4xx', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(shouldRetry(0, apiError(status))).toBe(false);
    }
  });

  it('retries network and server failures twice', () => {
    expect(shouldRetry(0, apiError(0))).toBe(true);
    expect(shouldRetry(1, apiError(503))).toBe(true);
    expect(shouldRetry(2, apiError(503))).toBe(false);
  });

  it('keeps data fresh for about 30 s', () => {
    const options = createQueryClient().getDefaultOptions();
    expect(options.queries?.staleTime).toBe(DEFAULT_STALE_TIME_MS);
    expect(DEFAULT_STALE_TIME_MS).toBe(30_000);
    expect(options.mutations?.retry).toBe(false);
  });
});
