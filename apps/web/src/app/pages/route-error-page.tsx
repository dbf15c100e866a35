import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorState } from '../../ui/error-state';

/**
 * Shown when a screen fails to render or its code cannot be loaded (typically a new version
 * was deployed while the tab was open): a reload fetches the current files.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md items-center p-4">
      <div className="w-full">
        <ErrorState
          message="This page could not be shown. Reloading usually fixes it."
          retryLabel="Reload"
          onRetry={() => window.location.reload()}
        />
      </div>
    </main>
  );
}
