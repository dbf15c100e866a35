import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { renderApp, resetAuth } from '../test/render-app';

// The chat screen stands in for any screen that throws while it renders.
vi.mock('../features/chat/pages/chat-sessions-page', () => ({
  ChatSessionsPage: () => {
    throw new Error('render failed');
  },
}));

beforeEach(() => {
  resetAuth();
  mockApi({
    'GET /api/v1/users/': { body: { results: [userFixture()], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    'GET /api/v1/patients/': { body: { results: [], count: 0 } },
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a screen that fails to render', () => {
  it('shows the error page with a reload, and the next screen visited shows again', async () => {
    const { router } = renderApp('/chat');
    expect(
      await screen.findByText('This page could not be shown. Reloading usually fixes it.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    await router.navigate('/patients');
    expect(await screen.findByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    expect(screen.queryByText(/could not be shown/)).not.toBeInTheDocument();
  });
});
