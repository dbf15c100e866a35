import { Spinner } from '../ui/spinner';

/** Calm full-page wait while the session is being checked or a screen's code is loading. */
export function FullPageSpinner({ label = 'Loading Homestretch' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas">
      <Spinner size="lg" label={label} />
    </div>
  );
}
