import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture } from '../../../test/fixtures';
import { errorBody, mockApi } from '../../../test/mock-api';
import { askSettingsInfoEarly, settingsInfoQueryOptions } from './settings-info';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the settings asked for as a signed-in screen starts (issue 29)', () => {
  it('are the answer the route guard’s query takes, without asking again', async () => {
    const api = mockApi({ 'GET /user/settings-info': { body: settingsFixture } });
    askSettingsInfoEarly();
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(settingsInfoQueryOptions())).resolves.toEqual(
      settingsFixture,
    );
    expect(api.calls()).toEqual(['GET /user/settings-info']);
    // Taken once: a later fetch (after sign-out and in) asks the server.
    queryClient.clear();
    await queryClient.fetchQuery(settingsInfoQueryOptions());
    expect(api.calls()).toEqual(['GET /user/settings-info', 'GET /user/settings-info']);
  });

  it('refused before the sign-in, are asked for again rather than failing the guard after it', async () => {
    let signedIn = false;
    const api = mockApi({
      'GET /user/settings-info': () =>
        signedIn
          ? { body: settingsFixture }
          : { status: 401, body: errorBody('unauthenticated', 'Sign in') },
    });
    askSettingsInfoEarly();
    await vi.waitFor(() => expect(api.calls()).toHaveLength(1));
    signedIn = true;
    await expect(new QueryClient().fetchQuery(settingsInfoQueryOptions())).resolves.toEqual(
      settingsFixture,
    );
    expect(api.calls()).toEqual(['GET /user/settings-info', 'GET /user/settings-info']);
  });
});
