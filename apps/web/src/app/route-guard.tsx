import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { currentUserQueryOptions } from '../features/auth/api/current-user';
import { settingsInfoQueryOptions } from '../features/auth/api/settings-info';
import { authStore, useAuthStore } from '../features/auth/stores/auth-store';
import { isApiError } from '../lib/api-client';
import { errorMessage } from '../lib/error-messages';
import { safeRedirectPath } from '../lib/safe-redirect';
import { ErrorState } from '../ui/error-state';
import { FullPageSpinner } from './full-page-spinner';
import { decideGuard, type GuardArea, type LoadState } from './route-guard-decision';

function loadState(query: { status: LoadState['status']; error: unknown }): LoadState {
  return {
    status: query.status,
    errorStatus: isApiError(query.error) ? query.error.status : null,
  };
}

/**
 * Layout route that applies spec §2's guard to its children (the protected layout, or the
 * login page). The user and settings queries never go stale, so they are fetched only when
 * missing; sign-out clears them.
 */
export function RouteGuard({ area }: { area: GuardArea }) {
  const location = useLocation();
  const userQuery = useQuery(currentUserQueryOptions());
  const user = userQuery.data;
  const settingsQuery = useQuery({
    ...settingsInfoQueryOptions(),
    enabled: area === 'protected' && userQuery.isSuccess,
  });

  const redirectAfterLogin = useAuthStore((state) => state.redirectAfterLogin);

  const decision = decideGuard({
    area,
    redirectAfterLogin: safeRedirectPath(redirectAfterLogin),
    user: { ...loadState(userQuery), role: user?.role ?? null },
    settings: loadState(settingsQuery),
    target: `${location.pathname}${location.search}${location.hash}`,
  });

  // A session found by the guard (a reload, a new tab) is a signed-in session for the store too.
  useEffect(() => {
    if (user && authStore.getState().userId !== user.id) {
      authStore.getState().dispatch({ type: 'success', user });
    }
  }, [user]);

  // Runs in the same commit as <Navigate>, before the (lazy) login page can render and read it.
  const rememberTarget = decision.kind === 'redirect' ? decision.rememberTarget : null;
  useEffect(() => {
    if (rememberTarget) {
      authStore.getState().rememberRedirect(rememberTarget);
    }
  }, [rememberTarget]);

  // Reaching a protected screen uses the stored target up. (Not cleared when leaving login:
  // the <Navigate> there would re-run towards the fallback as soon as the value changed.)
  const insideApp = area === 'protected' && decision.kind === 'render';
  useEffect(() => {
    if (insideApp) {
      authStore.getState().dispatch({ type: 'clear-redirect' });
    }
  }, [insideApp]);

  switch (decision.kind) {
    case 'loading':
      return <FullPageSpinner />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'error':
      return (
        <main className="mx-auto flex min-h-dvh max-w-md items-center p-4">
          <div className="w-full">
            <ErrorState
              message={errorMessage(settingsQuery.error)}
              onRetry={() => void settingsQuery.refetch()}
              retrying={settingsQuery.isFetching}
            />
          </div>
        </main>
      );
    case 'render':
      return <Outlet />;
  }
}
