import type { User } from '@homestretch/contract/users/user';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { settingsFixture, userFixture } from './fixtures';
import { mockApi, type MockHandler, type MockReply } from './mock-api';
import { resetAuth } from './render-app';

/** The API behind /balances for a signed-in `user` (a therapist of DEMO01 by default). */
export function billingApi(
  routes: Record<string, MockHandler | MockReply>,
  user: Partial<User> = {},
) {
  return mockApi({
    'GET /api/v1/users/': { body: { results: [userFixture(user)], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    ...routes,
  });
}

/**
 * The hooks of every balances test: the page's code loaded once, a laptop-wide window, and the
 * clinic's today fixed at Nov 26, 2026 (userFixture is in New York), so the month pickers start
 * on November 2026 as the fixtures do. Only Date is faked: user-event's timers stay real.
 */
export function setUpBalancesTests(): void {
  beforeAll(async () => {
    await import('../features/billing/pages/balances-page');
  });
  beforeEach(() => {
    resetAuth();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T19:10:00.000Z'));
    Object.defineProperty(window, 'innerWidth', {
      configurable: true,
      writable: true,
      value: 1280,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** The files the page hands the browser to save (jsdom has no object URLs), in order. */
export function recordSavedFiles(): Array<{ name: string; blob: Blob | undefined }> {
  const saved: Array<{ name: string; blob: Blob | undefined }> = [];
  let lastBlob: Blob | undefined;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      lastBlob = blob;
      return 'blob:billing';
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: lastBlob });
  });
  return saved;
}
