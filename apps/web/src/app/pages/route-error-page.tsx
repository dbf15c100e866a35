import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../lib/error-reporting';
import { ErrorState } from '../../ui/error-state';

/**
 * Shown when a screen fails to render or its code cannot be loaded (typically a new version
 * was deployed while the tab was open): a reload fetches the current files.
 */
export function RouteErrorPage() {
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

interface BoundaryProps {
  /** The boundary clears when this changes: leaving the failed page shows the next one. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

/** Catches what a route throws while rendering (or loading its code) and shows the error page. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): BoundaryState | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    reportError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
