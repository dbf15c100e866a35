import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/app';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/router';
import { authStore, initialAuthState } from '../features/auth/stores/auth-store';

/** Fresh auth state and session storage between tests. */
export function resetAuth(): void {
  window.sessionStorage.clear();
  authStore.setState({ ...initialAuthState });
}

/** Mounts the real route tree at `path` in a memory router, with fresh providers and auth state. */
export function renderApp(path: string) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
