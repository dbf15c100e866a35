import { errorMessage } from '../lib/error-messages';
import { ErrorState } from './error-state';
import { Spinner } from './spinner';

/** A panel's first load: a spinner in the space the content will take, so nothing jumps. */
export function PanelLoading({ label, minHeight = 160 }: { label: string; minHeight?: number }) {
  return (
    <div className="flex items-center justify-center" style={{ minHeight }}>
      <Spinner label={label} />
    </div>
  );
}

/** A panel that could not load: the failure in a clinician's words, with a retry. */
export function PanelError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  return <ErrorState message={errorMessage(error)} onRetry={onRetry} retrying={retrying} />;
}
