import { act, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/app';
import { createQueryClient } from '../app/query-client';
import { AppRoutes } from '../app/router';
import { authStore, initialAuthState } from '../features/auth/stores/auth-store';

/** Fresh auth state and session storage between tests. */
export function resetAuth(): void {
  window.sessionStorage.clear();
  authStore.setState({ ...initialAuthState });
}

/** Where the memory router is now, and a way to go elsewhere, for tests. */
export interface RouterProbe {
  readonly state: { readonly location: Location };
  navigate(to: string): Promise<void>;
}

interface Seen {
  location: Location;
  navigate: NavigateFunction;
}

function LocationProbe({ onChange }: { onChange: (seen: Seen) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => onChange({ location, navigate }), [location, navigate, onChange]);
  return null;
}

/** Mounts the real route tree at `path` in a memory router, with fresh providers and auth state. */
export function renderApp(path: string) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const queryClient = createQueryClient();
  // The app's retries, without TanStack's second and then two between them: a screen's error
  // state waited three seconds of real time in each test of it.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  let seen: Seen | null = null;
  const current = (): Seen => {
    if (!seen) {
      throw new Error('The router has not rendered yet');
    }
    return seen;
  };
  const router: RouterProbe = {
    get state() {
      return { location: current().location };
    },
    async navigate(to) {
      await act(async () => {
        await current().navigate(to);
      });
    },
  };
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe
          onChange={(next) => {
            seen = next;
          }}
        />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
